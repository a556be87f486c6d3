// Turns a failed contact_messages create into what the form shows: messages
// under the fields the server named, and one sentence for the alert.
import { ClientResponseError } from 'pocketbase';
import { CONTACT_FIELDS, type ContactField } from './contactMessageSchema';

export const ContactFailureMessages = {
  generic: "We couldn't send your message. Please try again.",
  rateLimited: 'Too many messages from this connection. Please wait a minute and try again.',
  offline: "We couldn't reach the server. Check your internet connection and try again.",
  invalidFields: 'Please correct the highlighted fields and try again.',
} as const;

export interface ContactFailure {
  message: string;
  fieldErrors: Partial<Record<ContactField, string>>;
}

export function describeContactFailure(error: unknown): ContactFailure {
  if (!(error instanceof ClientResponseError)) return { message: ContactFailureMessages.generic, fieldErrors: {} };
  if (error.status === 0) return { message: ContactFailureMessages.offline, fieldErrors: {} };
  if (error.status === 429) return { message: ContactFailureMessages.rateLimited, fieldErrors: {} };

  const fieldErrors = fieldErrorsFrom(error.response?.data);
  if (error.status === 400 && Object.keys(fieldErrors).length > 0) {
    return { message: ContactFailureMessages.invalidFields, fieldErrors };
  }
  return { message: ContactFailureMessages.generic, fieldErrors };
}

function fieldErrorsFrom(data: unknown): ContactFailure['fieldErrors'] {
  if (typeof data !== 'object' || data === null) return {};
  const errors: ContactFailure['fieldErrors'] = {};
  for (const field of CONTACT_FIELDS) {
    const message = (data as Record<string, { message?: unknown } | undefined>)[field]?.message;
    if (typeof message === 'string' && message.trim()) errors[field] = message;
  }
  return errors;
}
