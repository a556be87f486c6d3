import { describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { invitationProblem, readAuthFailure, signInFailureMessage } from './authFailure';

const refusal = (status: number, message = '', data: Record<string, unknown> = {}) =>
  new ClientResponseError({ status, response: { status, message, data } });

describe('readAuthFailure', () => {
  it('reads the message and the field messages', () => {
    const failure = readAuthFailure(
      refusal(400, 'Failed to create the account.', { password: { code: 'too_short', message: 'Password should be at least 8 characters long' } }),
    );
    expect(failure).toEqual({
      status: 400,
      message: 'Failed to create the account.',
      fieldErrors: { password: 'Password should be at least 8 characters long' },
    });
  });

  it('tells an unreachable server apart', () => {
    expect(readAuthFailure(new ClientResponseError({ status: 0 })).status).toBe(0);
    expect(readAuthFailure(new Error('boom')).message).toBe('An unexpected error occurred');
  });
});

describe('signInFailureMessage', () => {
  it('never says which of email or password was wrong', () => {
    expect(signInFailureMessage(readAuthFailure(refusal(400, 'Failed to authenticate.')))).toBe('Invalid email or password.');
  });

  it('names throttling as the server words it, and lost connections', () => {
    // PocketBase's own per-address limit
    expect(signInFailureMessage(readAuthFailure(refusal(429, 'Too Many Requests.')))).toBe('Too many attempts. Please wait a minute and try again.');
    const waiting = 'Too many attempts for this account. Please try again in 4 seconds.';
    expect(signInFailureMessage(readAuthFailure(refusal(429, waiting, { identity: { code: 'sign_in_delayed', message: waiting } })))).toBe(waiting);
    expect(signInFailureMessage(readAuthFailure(new ClientResponseError({ status: 0 })))).toMatch(/could not reach the server/);
    expect(signInFailureMessage(readAuthFailure(refusal(500)))).toBe('An unexpected error occurred');
  });
});

describe('invitationProblem', () => {
  it('maps the invitation routes’ answers', () => {
    expect(invitationProblem(readAuthFailure(refusal(403, 'This invitation link is not valid.')))).toBe('not_valid');
    expect(invitationProblem(readAuthFailure(refusal(404, 'This invitation link is not valid.')))).toBe('not_valid');
    expect(invitationProblem(readAuthFailure(refusal(400, 'x', { token: { code: 'invalid', message: 'bad' } })))).toBe('not_valid');
    expect(invitationProblem(readAuthFailure(refusal(409, 'An account already exists for this invitation. Please sign in.')))).toBe(
      'already_used',
    );
    expect(invitationProblem(readAuthFailure(new ClientResponseError({ status: 0 })))).toBe('unreachable');
    expect(invitationProblem(readAuthFailure(refusal(400, 'x', { password: { code: 'short', message: 'short' } })))).toBeNull();
  });
});
