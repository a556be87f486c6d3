// Turns a failed contact_messages create into what the form shows: messages
// under the fields the server named, and one sentence for the alert.
import { ClientResponseError } from 'pocketbase';
import { fieldMessages } from '@/lib/apiErrors';
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

  const fieldErrors = formFieldErrors(error.response?.data);
  if (error.status === 400 && Object.keys(fieldErrors).length > 0) {
    return { message: ContactFailureMessages.invalidFields, fieldErrors };
  }
  return { message: ContactFailureMessages.generic, fieldErrors };
}

/** The server's messages for the form's own fields (others, such as a spam score, are not shown). */
function formFieldErrors(data: unknown): ContactFailure['fieldErrors'] {
  const byField = fieldMessages(data);
  const errors: ContactFailure['fieldErrors'] = {};
  for (const field of CONTACT_FIELDS) if (byField[field]) errors[field] = byField[field];
  return errors;
}
