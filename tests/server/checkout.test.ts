// Checkout: the simulated checkout fulfils once however often Pay is pressed,
// the return page's status route, unknown sessions, and what happens when
// Stripe or SMTP cannot be reached (hold released and 502; email warnings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import {
  attendeesOf, counts, emailsOf, get, openSales, paidBody, post, register, seatsLeft, waitlistBody,
} from './registration-helpers';

let server: TestServer;
let su: PocketBase;
/** Stripe key set but Stripe unreachable, SMTP set but unreachable. */
let broken: TestServer;
let brokenSu: PocketBase;

beforeAll(async () => {
  const [stripePort, smtpPort] = await Promise.all([freePort(), freePort()]);
  [server, broken] = await Promise.all([
    startTestServer(),
    startTestServer({
      env: {
        SIMULATED_CHECKOUT: '',
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
      },
    }),
  ]);
  [su, brokenSu] = await Promise.all([server.admin(), broken.admin()]);
  await Promise.all([openSales(su), openSales(brokenSu)]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), broken?.stop()]);
});

const simulated = (target: TestServer, sessionId: string, action: 'pay' | 'cancel') =>
  post(target, `/api/masterclass/checkout/simulated/${encodeURIComponent(sessionId)}/${action}`);

describe('simulated checkout', () => {
  it('is what the page is told while SIMULATED_CHECKOUT is on', async () => {
    expect((await get(server, '/api/masterclass/event')).body.checkout_mode).toBe('simulated');
  });

  it('fulfils once when Pay is pressed 5 times at once: paid seats confirmed, one set of emails, completed', async () => {
    const { body: created } = await register(server, paidBody(2));
    const before = await get(server, `/api/masterclass/checkout/${created.sessionId}`);
    expect(before).toEqual({
      status: 200,
      body: {
        registrationId: created.registrationId, status: 'pending', kind: 'paid', attendeeCount: 2,
        totalAmountCents: 99000, unitPriceCents: 49500, discountCents: 0, discountLabel: '', currency: 'AUD', emailWarning: false,
        order: { id: created.registrationId, key: expect.stringMatching(/^[0-9a-f]{64}$/) },
      },
    });

    const answers = await Promise.all(Array.from({ length: 5 }, () => simulated(server, created.sessionId, 'pay')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Back to the page of the masterclass paid for.
      const { event } = await su.collection('registrations').getOne(created.registrationId);
      expect(answer.body.redirectUrl).toBe(`/register?success=true&session_id=${created.sessionId}&event=${event}`);
    }
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual([
      'already_fulfilled', 'already_fulfilled', 'already_fulfilled', 'already_fulfilled', 'fulfilled',
    ]);

    const emails = await emailsOf(su, created.registrationId);
    expect(emails).toHaveLength(4);
    expect(emails.every((email) => email.status === 'captured')).toBe(true);
    const attendees = await attendeesOf(su, created.registrationId);
    expect(attendees.map((a) => a.registration_status)).toEqual(['confirmed', 'confirmed']);
    expect(new Set(emails.map((email) => email.to))).toEqual(new Set(attendees.map((a) => a.email)));
    const after = await get(server, `/api/masterclass/checkout/${created.sessionId}`);
    expect(after.body).toMatchObject({ status: 'completed', attendeeCount: 2, emailWarning: false });
  });

  it('a cancelled checkout leaves the registration expired and its attendees cancelled', async () => {
    const { body: created } = await register(server, paidBody(1));
    const left = await seatsLeft(server);
    const cancelled = await simulated(server, created.sessionId, 'cancel');
    // Back to the form of the masterclass the checkout was for.
    expect(cancelled).toEqual({ status: 200, body: { redirectUrl: `/register?cancelled=true&event=${(await su.collection('registrations').getOne(created.registrationId)).event}` } });
    expect((await su.collection('registrations').getOne(created.registrationId)).status).toBe('expired');
    expect((await attendeesOf(su, created.registrationId)).map((a) => a.registration_status)).toEqual(['cancelled']);
    expect(await seatsLeft(server)).toBe(left + 1);
  });

  it('unknown session ids get 404 "Registration not found for this session" and change nothing', async () => {
    const { body: waitlisted } = await register(server, waitlistBody());
    const before = await counts(su);
    for (const sessionId of ['sim_doesnotexist1', 'cs_test_unknown', 'not a session', waitlisted.registrationId]) {
      for (const answer of [
        await get(server, `/api/masterclass/checkout/${encodeURIComponent(sessionId)}`),
        await simulated(server, sessionId, 'pay'),
        await simulated(server, sessionId, 'cancel'),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.data.sessionId.message).toMatch(/not found|only available/);
      }
    }
    expect((await get(server, '/api/masterclass/checkout/sim_x')).body).toEqual({
      status: 404,
      message: 'Registration not found for this session',
      data: { sessionId: { code: 'not_found', message: 'Registration not found for this session' } },
    });
    expect(await counts(su)).toEqual(before);
  });
});

describe('when Stripe or SMTP cannot be reached', () => {
  it('a paid registration answers 502 "Error creating checkout: …" and its hold is released', async () => {
    const left = await seatsLeft(broken);
    const answer = await register(broken, paidBody(3));
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/^Error creating checkout: Could not reach Stripe/);
    const [registration] = await brokenSu.collection('registrations').getFullList({ filter: 'kind = "paid"' });
    expect(registration).toMatchObject({ status: 'expired', stripe_session_id: '' });
    expect((await attendeesOf(brokenSu, registration.id)).map((a) => a.registration_status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(await seatsLeft(broken)).toBe(left);
  });

  it('the simulated checkout routes do not exist while a Stripe key is set', async () => {
    const event = await masterclassEvent(brokenSu);
    const registration = await brokenSu.collection('registrations').create({
      event: event.id, kind: 'paid', status: 'pending', primary_email: 'x@example.com', currency: 'AUD', stripe_session_id: 'sim_forged',
    });
    for (const action of ['pay', 'cancel'] as const) {
      const answer = await simulated(broken, 'sim_forged', action);
      expect(answer.status).toBe(404);
    }
    expect((await brokenSu.collection('registrations').getOne(registration.id)).status).toBe('pending');
  });

  it('the status route answers 502 when Stripe cannot confirm a pending payment', async () => {
    const event = await masterclassEvent(brokenSu);
    await brokenSu.collection('registrations').create({
      event: event.id, kind: 'paid', status: 'pending', primary_email: 'y@example.com', currency: 'AUD', stripe_session_id: 'cs_test_pending',
    });
    const answer = await get(broken, '/api/masterclass/checkout/cs_test_pending');
    expect(answer.status).toBe(502);
    expect(answer.body.message).toMatch(/^Could not confirm the payment: /);
  });

  it('a waitlist registration is stored and answers emailWarning: true when its email cannot be sent', async () => {
    const answer = await register(broken, waitlistBody());
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: 'pending', emailWarning: true });
    const [email] = await emailsOf(brokenSu, answer.body.registrationId);
    expect(email).toMatchObject({ status: 'queued', attempts: 1 });
  });
});
