import { describe, expect, it } from 'vitest';
import { fieldMessages } from './apiErrors';

describe('fieldMessages', () => {
  it('reads the message under each field the server named', () => {
    expect(
      fieldMessages({
        'attendees.1.email': { code: 'invalid_email', message: 'Invalid email address' },
        password: { code: 'too_short', message: 'Password should be at least 8 characters long' },
      }),
    ).toEqual({ 'attendees.1.email': 'Invalid email address', password: 'Password should be at least 8 characters long' });
  });

  it('leaves out fields without a usable message', () => {
    expect(fieldMessages({ blank: { code: 'x', message: '  ' }, numeric: { message: 3 }, bare: { code: 'x' }, empty: null })).toEqual({});
  });

  it('answers nothing for data that is not an object', () => {
    expect(fieldMessages(undefined)).toEqual({});
    expect(fieldMessages(null)).toEqual({});
    expect(fieldMessages('Failed')).toEqual({});
  });
});
