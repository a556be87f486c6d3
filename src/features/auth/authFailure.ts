// Turns a refused auth call into what the page says: one message, plus
// messages under the fields the server named (PocketBase's error shape).
import { ClientResponseError } from 'pocketbase';
import { fieldMessages } from '@/lib/apiErrors';
import { InvitationMessages, ServerMessages } from './authMessages';

export interface AuthFailure {
  /** 0 when the server was not reached. */
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

export function readAuthFailure(error: unknown): AuthFailure {
  if (!(error instanceof ClientResponseError)) return { status: -1, message: ServerMessages.unexpected, fieldErrors: {} };
  if (error.status === 0) return { status: 0, message: ServerMessages.unreachable, fieldErrors: {} };
  const fieldErrors = fieldMessages(error.response?.data);
  const stated = typeof error.response?.message === 'string' ? error.response.message.trim() : '';
  return { status: error.status, message: stated || ServerMessages.unexpected, fieldErrors };
}

/**
 * Sign-in never says which of email or password was wrong. A refusal for too
 * many attempts is shown as the server words it (how long to wait, and the
 * reset email as the way back).
 */
export function signInFailureMessage(failure: AuthFailure): string {
  if (failure.status === 0) return ServerMessages.unreachable;
  if (failure.status === 429) return failure.fieldErrors.identity || failure.fieldErrors.password || ServerMessages.tooManyAttempts;
  if (failure.status >= 400 && failure.status < 500) return ServerMessages.wrongCredentials;
  return ServerMessages.unexpected;
}

export type InvitationProblem = 'not_valid' | 'already_used' | 'unreachable';

/** Why an invitation cannot be used, from the invitations or sign-up route's answer. */
export function invitationProblem(failure: AuthFailure): InvitationProblem | null {
  if (failure.status === 0) return 'unreachable';
  if (failure.status === 409) return 'already_used';
  if (failure.status === 403 || failure.status === 404 || failure.fieldErrors.token || failure.fieldErrors.attendeeId) return 'not_valid';
  return null;
}

export const invitationProblemMessage: Record<InvitationProblem, string> = {
  not_valid: InvitationMessages.notValid,
  already_used: InvitationMessages.alreadyUsed,
  unreachable: InvitationMessages.unreachable,
};
