// The registration form as typed, kept in local storage so a reload, a closed
// tab or the "New version available" Reload never loses it, and a registration
// pressed while offline is sent once the connection is back. The form holds no
// password or card data. Cleared once the server has taken the registration.
//
// `request` is the last request sent (or waiting to be sent) that got no answer,
// with its idempotency key: the same request is always sent again under the
// same key, so the server makes one registration however often it arrives.
// Once a request has left the device (`sent`) and its answer was lost, it is the
// one sent again, under its key, even if the form was edited meanwhile: the
// server may already have made that registration, and an edited request under a
// new key would make a second one.
import { clearDraft, isRecord, readDraft, stringFields, writeDraft } from '@/pwa/formDrafts';
import { emptyAttendee, MAX_ATTENDEES, type RegistrationFormValues } from './attendeeSchema';
import { discountOfferOf, type DiscountOffer } from './discountOffer';

export interface PendingRequest {
  requestId: string;
  /** The request as JSON, exactly as it is (or was) sent. */
  body: string;
  /** It left the device and no answer came: the server may have made the registration. */
  sent: boolean;
}

export interface RegistrationDraft {
  values: RegistrationFormValues;
  promoCode: string | null;
  /** What the server said the applied code gives on each seat; null for a free code. */
  discount: DiscountOffer | null;
  request: PendingRequest | null;
  /** Pressed while offline (or the answer never came): send when the connection is back. */
  waiting: boolean;
}

const ATTENDEE_FIELDS = ['fullName', 'email', 'company', 'jobTitle', 'phoneNumber', 'role', 'dietaryRequirements'] as const;

const draftName = (waitlist: boolean) => (waitlist ? 'registration:waitlist' : 'registration');

function isStoredDraft(value: unknown): value is Record<string, unknown> & { values: Record<string, unknown> } {
  return isRecord(value) && isRecord(value.values) && Array.isArray(value.values.attendees);
}

/** The stored draft, cleaned field by field (anything unexpected is dropped), or null. */
export function readRegistrationDraft(waitlist: boolean): RegistrationDraft | null {
  const stored = readDraft(draftName(waitlist), isStoredDraft);
  if (!stored) return null;
  const attendees = (stored.values.attendees as unknown[])
    .filter(isRecord)
    .slice(0, waitlist ? 1 : MAX_ATTENDEES)
    .map((attendee) => emptyAttendee(stringFields(attendee, ATTENDEE_FIELDS)));
  if (attendees.length === 0) return null;
  const request = isRecord(stored.request) && typeof stored.request.requestId === 'string' && typeof stored.request.body === 'string'
    ? { requestId: stored.request.requestId, body: stored.request.body, sent: stored.request.sent === true }
    : null;
  return {
    values: {
      attendees,
      privacyConsent: stored.values.privacyConsent === true,
      marketingConsent: stored.values.marketingConsent === true,
    },
    promoCode: !waitlist && typeof stored.promoCode === 'string' && stored.promoCode ? stored.promoCode : null,
    discount: !waitlist && typeof stored.promoCode === 'string' && stored.promoCode ? discountOfferOf(stored.discount) : null,
    request,
    waiting: stored.waiting === true && request !== null,
  };
}

/** An attendee card's values without its list key (which only React needs). */
function withoutKey(attendee: RegistrationFormValues['attendees'][number]) {
  const { fullName, email, company, jobTitle, phoneNumber, role, dietaryRequirements } = attendee;
  return { fullName, email, company, jobTitle, phoneNumber, role, dietaryRequirements };
}

/** Merges `patch` into the stored draft (values are stored without the cards' list keys). */
export function updateRegistrationDraft(waitlist: boolean, patch: Partial<RegistrationDraft>): void {
  const current = readRegistrationDraft(waitlist);
  const next = { values: { attendees: [emptyAttendee()], privacyConsent: false, marketingConsent: false }, promoCode: null, discount: null, request: null, waiting: false, ...current, ...patch };
  writeDraft(draftName(waitlist), {
    ...next,
    values: { ...next.values, attendees: next.values.attendees.map(withoutKey) },
  });
}

export function clearRegistrationDraft(waitlist: boolean): void {
  clearDraft(draftName(waitlist));
}

/** 32 random hex characters: the server takes 20 to 64. */
export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What to send for the form's request `body`: a request that left the device
 * without an answer is sent again as it was, under its key; otherwise this body,
 * under the key it was last stored with, or a new key when it changed.
 */
export function requestToSend(draft: RegistrationDraft | null, body: string): PendingRequest {
  const pending = draft?.request;
  if (pending?.sent) return pending;
  return { requestId: pending && pending.body === body ? pending.requestId : newRequestId(), body, sent: false };
}
