// The server's routes for an attendee's own registration
// (pb_hooks/lib/attendees/self-service.js). Every one needs a connection: the
// cut-offs and the seat are the server's to decide, never guessed offline.
import { ClientResponseError } from 'pocketbase';
import { UNEXPECTED_ERROR, fieldMessages } from '@/lib/apiErrors';
import { pb } from '@/lib/pocketbase';

const BASE = '/api/masterclass/my-registration';

export interface Allowance {
  open: boolean;
  /** ISO instant of the cut-off ('' without a start time). */
  until: string;
  /** The cut-off in the masterclass's own time zone, as the server words it. */
  untilText: string;
  /** Why it is closed: cutoff, checked_in, passed_on, cancelled, waitlisted, not_confirmed; '' when open. */
  reason: string;
}

export interface MyRegistration {
  attendee: {
    id: string;
    fullName: string;
    email: string;
    company: string;
    jobTitle: string;
    phoneNumber: string;
    dietaryRequirements: string;
    status: string;
  };
  event: { id: string; title: string; when: string; startsAt: string };
  details: Allowance;
  substitution: Allowance;
  passedTo: { fullName: string; at: string } | null;
  contactUrl: string;
  colleague?: { id: string; fullName: string; email: string };
}

// Types, not interfaces: the form library wants plain records.
export type DetailsValues = {
  phoneNumber: string;
  dietaryRequirements: string;
};

export type ColleagueValues = {
  fullName: string;
  email: string;
  company: string;
  jobTitle: string;
};

/** A refused request, in the server's words: `fields` under their inputs, `message` above the form. */
export class MyRegistrationRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

export const OFFLINE_MESSAGE = 'You are offline. Changing your registration needs a connection: please try again when you are back online.';

function refused(error: unknown): MyRegistrationRefused {
  if (!(error instanceof ClientResponseError)) return new MyRegistrationRefused(UNEXPECTED_ERROR, 0, 'unexpected', {});
  if (error.status === 0) return new MyRegistrationRefused(OFFLINE_MESSAGE, 0, 'offline', {});
  const data = (error.response?.data ?? {}) as Record<string, { code?: string } | undefined>;
  const detail = Object.values(data).find((value) => value && typeof value.code === 'string');
  const message = typeof error.response?.message === 'string' && error.response.message.trim() ? error.response.message : UNEXPECTED_ERROR;
  return new MyRegistrationRefused(message, error.status, detail?.code ?? 'unexpected', error.status === 400 ? fieldMessages(data) : {});
}

async function send<T>(path: string, options: Record<string, unknown>): Promise<T> {
  try {
    return await pb.send<T>(path, { requestKey: null, ...options });
  } catch (error) {
    throw refused(error);
  }
}

export function fetchMyRegistration(attendee: string, signal?: AbortSignal): Promise<MyRegistration> {
  return send<MyRegistration>(BASE, { query: { attendee }, signal });
}

export function saveDetails(attendee: string, values: DetailsValues): Promise<MyRegistration> {
  return send<MyRegistration>(`${BASE}/details`, { method: 'POST', body: { attendee, ...values } });
}

export function sendColleague(attendee: string, values: ColleagueValues): Promise<MyRegistration> {
  return send<MyRegistration>(`${BASE}/substitute`, { method: 'POST', body: { attendee, ...values } });
}
