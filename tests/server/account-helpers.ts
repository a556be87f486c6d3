// Arrangements for the account suites: a confirmed attendee with no account
// (registration + attendee created by the superuser), its invitation token
// computed the way the server signs it (HMAC-SHA256 with the app_secrets key),
// and raw calls to the invitation and sign-up routes.
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { unique } from './helpers';
import { masterclassEvent } from '../support/masterclassEvent';
import { get, post, type Answer } from './registration-helpers';

export const INVALID_LINK = 'This invitation link is not valid.';
export const ALREADY_USED = 'An account already exists for this invitation. Please sign in.';
export const PASSWORD_TOO_SHORT = 'Password should be at least 8 characters long';

export async function invitationSecret(su: PocketBase): Promise<string> {
  return (await su.collection('app_secrets').getFirstListItem('name = "invitation_token"')).value as string;
}

export const invitationToken = (secret: string, attendeeId: string, email: string) =>
  createHmac('sha256', secret).update(`${attendeeId}:${email.trim().toLowerCase()}`).digest('hex');

/** A registration with one attendee (confirmed unless told otherwise) and no account. */
export async function arrangeAttendee(
  su: PocketBase,
  overrides: Record<string, unknown> = {},
): Promise<RecordModel> {
  const event = await masterclassEvent(su);
  const email = (overrides.email as string | undefined) ?? `${unique('invitee-')}@example.com`;
  const registration = await su.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: email, currency: 'AUD', total_amount_cents: 0,
  });
  return su.collection('attendees').create({
    registration: registration.id,
    event: event.id,
    full_name: 'Grace Hopper',
    email,
    company: 'Compilers Inc',
    job_title: 'Rear Admiral',
    role: 'IT / Technical Professional',
    registration_status: 'confirmed',
    privacy_consent: true,
    ...overrides,
  });
}

export interface Invitation {
  attendee: RecordModel;
  attendeeId: string;
  email: string;
  token: string;
}

export async function arrangeInvitation(su: PocketBase, overrides: Record<string, unknown> = {}): Promise<Invitation> {
  const attendee = await arrangeAttendee(su, overrides);
  const token = invitationToken(await invitationSecret(su), attendee.id, attendee.email as string);
  return { attendee, attendeeId: attendee.id, email: attendee.email as string, token };
}

export function signup(server: TestServer, body: Record<string, unknown>): Promise<Answer> {
  return post(server, '/api/masterclass/signup', body);
}

export function signupBody(invitation: Invitation, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attendeeId: invitation.attendeeId,
    email: invitation.email,
    token: invitation.token,
    password: 'correct horse battery',
    fullName: invitation.attendee.full_name,
    ...overrides,
  };
}

export function getInvitation(server: TestServer, attendeeId: string, params: Record<string, string>): Promise<Answer> {
  const query = new URLSearchParams(params).toString();
  return get(server, `/api/masterclass/invitations/${encodeURIComponent(attendeeId)}?${query}`);
}
