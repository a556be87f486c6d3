import { describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { ContactFailureMessages, describeContactFailure } from './contactFailure';

const responseError = (status: number, response: object = {}) => new ClientResponseError({ status, response });

describe('describeContactFailure', () => {
  it('maps server field errors under the matching fields', () => {
    const error = responseError(400, {
      message: 'Failed to create record.',
      data: {
        email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
        message: { code: 'validation_length_out_of_range', message: 'Must be no more than 5000 characters.' },
        spam_score: { code: 'x', message: 'ignored: not a form field' },
      },
    });
    expect(describeContactFailure(error)).toEqual({
      message: ContactFailureMessages.invalidFields,
      fieldErrors: { email: 'Must be a valid email address.', message: 'Must be no more than 5000 characters.' },
    });
  });

  it('falls back to the general message for a 400 that names no form field', () => {
    expect(describeContactFailure(responseError(400, { message: 'Failed to create record.', data: {} }))).toEqual({
      message: ContactFailureMessages.generic,
      fieldErrors: {},
    });
  });

  it('explains the rate limit', () => {
    expect(describeContactFailure(responseError(429, { message: 'Too Many Requests.' })).message).toBe(ContactFailureMessages.rateLimited);
  });

  it('says when the server could not be reached', () => {
    expect(describeContactFailure(new ClientResponseError(new TypeError('Failed to fetch'))).message).toBe(ContactFailureMessages.offline);
  });

  it.each([403, 404, 500, 503])('uses the general message for status %i', (status) => {
    expect(describeContactFailure(responseError(status, { message: 'Something went wrong.' })).message).toBe(ContactFailureMessages.generic);
  });

  it('uses the general message for anything that is not a server answer', () => {
    expect(describeContactFailure(new Error('boom'))).toEqual({ message: ContactFailureMessages.generic, fieldErrors: {} });
  });
});
