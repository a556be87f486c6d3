// Turns a refused registration into what the page shows: messages under the
// fields the server named, a clear sold-out/closed notice, or one toast.
import { ClientResponseError } from 'pocketbase';
import { fieldMessages, UNEXPECTED_ERROR } from '@/lib/apiErrors';

export type RegistrationFailure =
  /** Form paths (`attendees.0.email`, `privacyConsent`) → message. */
  | { kind: 'fields'; fieldErrors: Record<string, string>; message: string }
  | { kind: 'promo'; message: string }
  | { kind: 'sales'; code: 'sold_out' | 'closed' | 'scheduled'; message: string }
  | { kind: 'checkout'; message: string }
  | { kind: 'server'; message: string }
  | { kind: 'unexpected' };

const FORM_PATH = /^(attendees\.\d+\.(fullName|email|company|jobTitle|phoneNumber|role|dietaryRequirements)|privacyConsent)$/;
const CHECKOUT_PREFIX = 'Error creating checkout: ';

export function describeRegistrationFailure(error: unknown): RegistrationFailure {
  if (!(error instanceof ClientResponseError) || error.status === 0) return { kind: 'unexpected' };
  const message: string = typeof error.response?.message === 'string' ? error.response.message : error.message;
  const byField = fieldMessages(error.response?.data);

  if (error.status === 409 && byField.sales) {
    const given = (error.response.data.sales as { code?: string }).code;
    const code = given === 'closed' || given === 'scheduled' ? given : 'sold_out';
    return { kind: 'sales', code, message: byField.sales };
  }
  if (byField.promoCode) return { kind: 'promo', message: byField.promoCode };
  // An early-access link used with another address: the message belongs under the first attendee's email.
  if (error.status === 403 && byField.earlyAccess) {
    return { kind: 'fields', fieldErrors: { 'attendees.0.email': byField.earlyAccess }, message: byField.earlyAccess };
  }
  if (message.startsWith(CHECKOUT_PREFIX)) return { kind: 'checkout', message: message.slice(CHECKOUT_PREFIX.length) };

  const fieldErrors = Object.fromEntries(Object.entries(byField).filter(([field]) => FORM_PATH.test(field)));
  const others = Object.entries(byField).filter(([field]) => !FORM_PATH.test(field));
  if (Object.keys(fieldErrors).length > 0) {
    return { kind: 'fields', fieldErrors, message: others[0]?.[1] ?? message };
  }
  return { kind: 'server', message: others[0]?.[1] ?? (message || UNEXPECTED_ERROR) };
}
