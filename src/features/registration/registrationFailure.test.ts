import { describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import { describeRegistrationFailure } from './registrationFailure';

const refusal = (status: number, message: string, data: Record<string, { code: string; message: string }> = {}) =>
  new ClientResponseError({ url: '/api/masterclass/registrations', status, response: { status, message, data } });

describe('describeRegistrationFailure', () => {
  it('puts attendee and consent messages under their fields', () => {
    const failure = describeRegistrationFailure(
      refusal(400, 'Something went wrong.', {
        'attendees.1.email': { code: 'invalid_email', message: 'Invalid email address' },
        privacyConsent: { code: 'required', message: 'You must accept the privacy policy to continue' },
      }),
    );
    expect(failure).toEqual({
      kind: 'fields',
      message: 'Something went wrong.',
      fieldErrors: {
        'attendees.1.email': 'Invalid email address',
        privacyConsent: 'You must accept the privacy policy to continue',
      },
    });
  });

  it('shows the server\'s busy answer (a request that waited too long for its turn) in its own words', () => {
    const busy = refusal(503, "We're very busy right now. Please try again in a moment.");
    expect(describeRegistrationFailure(busy)).toEqual({ kind: 'server', message: "We're very busy right now. Please try again in a moment." });
  });

  it('recognises sold out and closed sales', () => {
    const soldOut = refusal(409, 'This masterclass is sold out.', {
      sales: { code: 'sold_out', message: 'This masterclass is sold out.' },
    });
    expect(describeRegistrationFailure(soldOut)).toEqual({ kind: 'sales', code: 'sold_out', message: 'This masterclass is sold out.' });
    const closed = refusal(409, 'x', { sales: { code: 'closed', message: 'Registration for this masterclass is closed.' } });
    expect(describeRegistrationFailure(closed)).toMatchObject({ kind: 'sales', code: 'closed' });
  });

  it('recognises a refused promo code, a checkout failure and other server messages', () => {
    const promo = refusal(400, 'x', { promoCode: { code: 'invalid', message: 'The promo code you entered is invalid or expired' } });
    expect(describeRegistrationFailure(promo)).toEqual({ kind: 'promo', message: 'The promo code you entered is invalid or expired' });
    expect(describeRegistrationFailure(refusal(502, 'Error creating checkout: card declined'))).toEqual({
      kind: 'checkout',
      message: 'card declined',
    });
    expect(describeRegistrationFailure(refusal(400, 'x', { attendees: { code: 'too_many', message: 'At most 50 attendees' } }))).toEqual({
      kind: 'server',
      message: 'At most 50 attendees',
    });
  });

  it('treats network failures and non-server errors as unexpected', () => {
    expect(describeRegistrationFailure(new ClientResponseError({ status: 0 }))).toEqual({ kind: 'unexpected' });
    expect(describeRegistrationFailure(new Error('boom'))).toEqual({ kind: 'unexpected' });
  });

  it('puts an early-access link refused for this address under the first attendee\'s email', () => {
    const message = 'This early-access link is not valid for this email address and masterclass.';
    expect(describeRegistrationFailure(refusal(403, message, { earlyAccess: { code: 'invalid', message } }))).toEqual({
      kind: 'fields',
      message,
      fieldErrors: { 'attendees.0.email': message },
    });
    // an expired link is a plain message
    const expired = 'This early-access link expired on Friday 3 December 2027, 2:00 pm ACDT.';
    expect(describeRegistrationFailure(refusal(409, expired, { earlyAccess: { code: 'expired', message: expired } }))).toEqual({ kind: 'server', message: expired });
  });
});
