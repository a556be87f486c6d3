// POST /api/masterclass/registrations and GET /api/masterclass/event: each
// mode's records, the sales rule, and every kind of bad input refused with a
// field message while creating nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { serverForFile } from './helpers';
import {
  attendee, attendeesOf, counts, emailsOf, get, openSales, paidBody, post, register, seatsLeft, updateEvent, waitlistBody,
  LIMITS_RAISED,
} from './registration-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

describe('GET /api/masterclass/event', () => {
  it('answers the public summary with seats left', async () => {
    await updateEvent(su, { sales_state: 'sold_out' });
    const { status, body } = await get(server, '/api/masterclass/event');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      title: 'AI CHAMPIONS MASTERCLASS',
      starts_at: '2025-06-18 02:00:00.000Z',
      ends_at: '2025-06-18 05:00:00.000Z',
      timezone: 'Australia/Adelaide',
      capacity: 50,
      price_cents: 49500,
      currency: 'AUD',
      sales_state: 'sold_out',
    });
    expect(body.seats_left).toBe(50);
    // no early access sent for it: no priority window
    expect(body.early_access).toBeNull();
    expect(Object.keys(body).sort()).toEqual([
      'cancelled', 'capacity', 'checkout_mode', 'currency', 'early_access', 'ends_at', 'id', 'location', 'max_per_registration', 'price_cents', 'published', 'sales_open_at', 'sales_state',
      'seats_left', 'slug', 'starts_at', 'timezone', 'title', 'venue',
    ]);
  });
});

describe('paid registration', () => {
  beforeEach(async () => {
    await openSales(su, { capacity: 50 });
  });

  it('holds the seats for 30 minutes and returns the simulated checkout, the amount computed from the price', async () => {
    const before = await seatsLeft(server);
    const body = paidBody(2, { utm: { utm_source: 'newsletter', utm_medium: 'email' } });
    body.attendees[0] = attendee({ fullName: '  Grace Hopper  ', dietaryRequirements: 'Vegetarian' });
    const { status, body: answer } = await register(server, body);

    expect(status).toBe(201);
    expect(answer).toEqual({
      registrationId: expect.any(String),
      status: 'pending',
      sessionId: expect.stringMatching(/^sim_[a-z0-9]{15}_[A-Za-z0-9]{32}$/),
      checkoutUrl: `/checkout/simulated?session_id=${answer.sessionId}`,
    });
    expect(answer.sessionId.startsWith(`sim_${answer.registrationId}_`)).toBe(true);
    const registration = await su.collection('registrations').getOne(answer.registrationId);
    expect(registration).toMatchObject({
      kind: 'paid', status: 'pending', total_amount_cents: 2 * 49500, currency: 'AUD', primary_email: body.attendees[0].email,
      stripe_session_id: answer.sessionId, utm_source: 'newsletter', utm_medium: 'email',
    });
    const holdMinutes = (Date.parse(registration.hold_expires_at) - Date.now()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(29);
    expect(holdMinutes).toBeLessThanOrEqual(30);

    const attendees = await attendeesOf(su, answer.registrationId);
    expect(attendees).toHaveLength(2);
    expect(attendees.map((a) => a.registration_status)).toEqual(['', '']);
    const grace = attendees.find((a) => a.full_name === 'Grace Hopper');
    expect(grace).toMatchObject({ dietary_requirements: 'Vegetarian', privacy_consent: true, utm_source: 'newsletter', user: '' });
    expect(await emailsOf(su, answer.registrationId)).toHaveLength(0);
    expect(await seatsLeft(server)).toBe(before - 2);
  });

  it('is refused with 409 while sales are sold out or closed, creating nothing', async () => {
    for (const [state, code, message] of [
      ['sold_out', 'sold_out', 'This masterclass is sold out.'],
      ['closed', 'closed', 'Registration for this masterclass is closed.'],
    ]) {
      await updateEvent(su, { sales_state: state });
      const before = await counts(su);
      const { status, body } = await register(server, paidBody(1));
      expect(status).toBe(409);
      expect(body).toMatchObject({ message, data: { sales: { code, message } } });
      expect(await counts(su)).toEqual(before);
    }
  });

  it('is refused when more attendees than seats left are asked for', async () => {
    const left = await seatsLeft(server);
    await updateEvent(su, { capacity: 50 - left + 2 });
    const before = await counts(su);
    const { status, body } = await register(server, paidBody(3));
    expect(status).toBe(409);
    expect(body.data.sales).toEqual({ code: 'sold_out', message: 'Only 2 seats are left for this masterclass.' });
    expect(await counts(su)).toEqual(before);
  });
});

describe('waitlist registration', () => {
  it('takes one attendee even when sold out: pending, total 0, waitlisted, no seat, a waitlist email', async () => {
    await openSales(su, { capacity: 50 });
    await updateEvent(su, { sales_state: 'closed' });
    const before = await seatsLeft(server);
    const body = waitlistBody({ utm: { utm_source: 'linkedin' } });
    const { status, body: answer } = await register(server, body);

    expect(status).toBe(201);
    expect(answer).toEqual({ registrationId: expect.any(String), status: 'pending', emailWarning: false });
    expect(await su.collection('registrations').getOne(answer.registrationId)).toMatchObject({
      kind: 'waitlist', status: 'pending', total_amount_cents: 0, hold_expires_at: '', stripe_session_id: '', utm_source: 'linkedin',
    });
    const [waitlisted] = await attendeesOf(su, answer.registrationId);
    expect(waitlisted).toMatchObject({ registration_status: 'waitlisted', email: body.attendees[0].email, utm_source: 'linkedin' });
    const emails = await emailsOf(su, answer.registrationId);
    expect(emails.map((email) => [email.to, email.status])).toEqual([[body.attendees[0].email, 'captured']]);
    expect(await seatsLeft(server)).toBe(before);
  });
});

describe('bad input creates nothing', () => {
  const valid = () => paidBody(1);
  const withAttendee = (overrides: Record<string, unknown>) => paidBody(1, { attendees: [attendee(overrides)] });
  const cases: Array<{ name: string; body: unknown; field: string; message?: string }> = [
    { name: 'malformed JSON', body: '{"mode": "paid", ', field: 'body' },
    { name: 'a JSON array', body: '[]', field: 'body' },
    { name: 'an empty body', body: '', field: 'body' },
    { name: 'missing privacy consent', body: { ...valid(), privacyConsent: undefined }, field: 'privacyConsent', message: 'You must accept the privacy policy to continue' },
    { name: 'privacy consent false', body: { ...valid(), privacyConsent: false }, field: 'privacyConsent' },
    { name: 'privacy consent as a string', body: { ...valid(), privacyConsent: 'true' }, field: 'privacyConsent' },
    { name: 'a bad email', body: withAttendee({ email: 'ada@' }), field: 'attendees.0.email', message: 'Invalid email address' },
    { name: 'a missing email', body: withAttendee({ email: '  ' }), field: 'attendees.0.email', message: 'Valid email is required' },
    { name: 'a one-letter name', body: withAttendee({ fullName: ' A ' }), field: 'attendees.0.fullName', message: 'Full name must be at least 2 characters' },
    { name: 'a missing name', body: withAttendee({ fullName: undefined }), field: 'attendees.0.fullName', message: 'Full name is required' },
    { name: 'a missing company', body: withAttendee({ company: '' }), field: 'attendees.0.company', message: 'Company is required' },
    { name: 'a missing job title', body: withAttendee({ jobTitle: null }), field: 'attendees.0.jobTitle', message: 'Job title is required' },
    { name: 'a missing phone number', body: withAttendee({ phoneNumber: '' }), field: 'attendees.0.phoneNumber', message: 'Phone number is required' },
    { name: 'a phone number with letters', body: withAttendee({ phoneNumber: 'call me' }), field: 'attendees.0.phoneNumber' },
    { name: 'a missing role', body: withAttendee({ role: '' }), field: 'attendees.0.role', message: 'Role selection is required' },
    { name: 'an unknown role', body: withAttendee({ role: 'CEO' }), field: 'attendees.0.role' },
    { name: 'a name too long', body: withAttendee({ fullName: 'x'.repeat(201) }), field: 'attendees.0.fullName' },
    { name: 'an attendee that is not an object', body: { ...valid(), attendees: ['Ada'] }, field: 'attendees.0' },
    { name: 'the same email twice', body: (() => { const b = paidBody(2); b.attendees[1].email = String(b.attendees[0].email).toUpperCase(); return b; })(), field: 'attendees.1.email' },
    { name: '0 attendees', body: { ...valid(), attendees: [] }, field: 'attendees' },
    { name: 'no attendees list', body: { ...valid(), attendees: undefined }, field: 'attendees' },
    { name: '51 attendees', body: paidBody(51), field: 'attendees' },
    { name: 'an unknown mode', body: { ...valid(), mode: 'free' }, field: 'mode' },
    { name: 'no mode', body: { ...valid(), mode: undefined }, field: 'mode' },
    { name: 'a tampered amount', body: { ...valid(), amount: 0 }, field: 'amount' },
    { name: 'a negative total', body: { ...valid(), total_amount_cents: -100 }, field: 'total_amount_cents' },
    { name: 'a status set by the browser', body: { ...valid(), status: 'paid' }, field: 'status' },
    { name: 'an attendee status set by the browser', body: withAttendee({ registration_status: 'confirmed' }), field: 'attendees.0.registration_status' },
    { name: 'a "constructor" key', body: '{"mode":"paid","constructor":1}', field: 'constructor' },
    { name: 'a promo code with mode paid', body: { ...valid(), promoCode: 'CHAMPION2025' }, field: 'promoCode' },
    { name: 'a promo registration without a code', body: { ...valid(), mode: 'promo' }, field: 'promoCode', message: 'Please enter a promo code' },
    { name: 'two attendees on the waitlist', body: waitlistBody({ attendees: [attendee(), attendee()] }), field: 'attendees' },
    { name: 'two attendees with a promo code', body: { ...valid(), mode: 'promo', promoCode: 'X', attendees: [attendee(), attendee()] }, field: 'attendees' },
    { name: 'marketing consent as a string', body: { ...valid(), marketingConsent: 'yes' }, field: 'marketingConsent' },
    { name: 'utm that is not an object', body: { ...valid(), utm: 'google' }, field: 'utm' },
  ];

  it.each(cases)('$name → 400 on $field', async ({ body, field, message }) => {
    await openSales(su, { capacity: 50 });
    const before = await counts(su);
    const answer = await register(server, body);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe(400);
    expect(answer.body.data[field]).toMatchObject({ code: expect.any(String), message: message ?? expect.any(String) });
    const messages = Object.values(answer.body.data as Record<string, { message: string }>).map((error) => error.message);
    expect(messages).toContain(answer.body.message);
    expect(await counts(su)).toEqual(before);
  });

  it('a body over 256 KiB is refused', async () => {
    const before = await counts(su);
    const answer = await post(server, '/api/masterclass/registrations', JSON.stringify({ ...paidBody(1), padding: 'x'.repeat(300 * 1024) }));
    expect(answer.status).toBe(400);
    expect(answer.body.data.body.code).toBe('invalid_json');
    expect(await counts(su)).toEqual(before);
  });
});
