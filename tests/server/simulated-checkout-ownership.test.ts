// The simulated checkout (development and test mode) belongs to the browser
// that started it, as Stripe's hosted checkout does: the registration route
// answers a session id that carries a random secret, and the status, pay and
// cancel routes act only for whoever holds it. Someone who knows only the
// registration's id (an attendee on it who did not pay reads it from their
// own attendee row) gets 403 with the reason, no order key, and changes
// nothing.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { serverForFile } from './helpers';
import { attendeesOf, emailsOf, get, openSales, paidBody, post, register } from './registration-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile(async (started) => {
  ({ server, su } = started);
});

const NOT_OWNER = 'This checkout belongs to the browser that started it: only that browser can pay for it, '
  + 'cancel it or open its order. Go back to that browser, or register again.';

const status = (sessionId: string) => get(server, `/api/masterclass/checkout/${encodeURIComponent(sessionId)}`);
const simulated = (sessionId: string, action: 'pay' | 'cancel') =>
  post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(sessionId)}/${action}`);

async function startCheckout(attendees = 2) {
  await openSales(su);
  const created = await register(server, paidBody(attendees));
  expect(created.status).toBe(201);
  return created.body as { registrationId: string; sessionId: string; checkoutUrl: string };
}

/** What someone else can name: the registration's id, as the old session ids were made, or with a wrong secret. */
const guesses = (registrationId: string) => [
  `sim_${registrationId}`,
  `sim_${registrationId}_${'A'.repeat(32)}`,
  `sim_${registrationId}_x`,
];

function expectRefused(answer: { status: number; body: Record<string, unknown> }) {
  expect(answer.status).toBe(403);
  expect(answer.body).toEqual({ status: 403, message: NOT_OWNER, data: { sessionId: { code: 'not_owner', message: NOT_OWNER } } });
  expect(JSON.stringify(answer.body)).not.toMatch(/"key"/);
}

describe('the simulated checkout belongs to the browser that started it', () => {
  it('answers a session id with a random secret, and its checkout page link carries it', async () => {
    const created = await startCheckout(1);
    expect(created.sessionId).toMatch(new RegExp(`^sim_${created.registrationId}_[A-Za-z0-9]{32}$`));
    expect(created.checkoutUrl).toBe(`/checkout/simulated?session_id=${created.sessionId}`);
    const second = await startCheckout(1);
    expect(second.sessionId.slice(-32)).not.toBe(created.sessionId.slice(-32));
  });

  it('someone with only the registration id gets no order key, cannot pay or cancel, and changes nothing', async () => {
    const created = await startCheckout();
    const [attendee] = await attendeesOf(su, created.registrationId);
    // What an attendee who did not pay knows: the registration on their own row.
    const registrationId = attendee.registration as string;
    const seatsBefore = (await attendeesOf(su, created.registrationId)).map((row) => row.registration_status);
    for (const guess of guesses(registrationId)) {
      expectRefused(await status(guess));
      expectRefused(await simulated(guess, 'cancel'));
      expectRefused(await simulated(guess, 'pay'));
    }
    expect((await su.collection('registrations').getOne(created.registrationId)).status).toBe('pending');
    expect((await attendeesOf(su, created.registrationId)).map((row) => row.registration_status)).toEqual(seatsBefore);
    expect(await emailsOf(su, created.registrationId)).toEqual([]);

    // The buyer's browser still pays; afterwards the others still get no order key.
    const paid = await simulated(created.sessionId, 'pay');
    const { event } = await su.collection('registrations').getOne(created.registrationId);
    expect(paid).toMatchObject({ status: 200, body: { outcome: 'fulfilled', redirectUrl: `/register?success=true&session_id=${created.sessionId}&event=${event}` } });
    for (const guess of guesses(registrationId)) expectRefused(await status(guess));
    const own = await status(created.sessionId);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ registrationId: created.registrationId, status: 'completed', order: { id: created.registrationId, key: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });

  it('the starting browser sees its order key before paying and can cancel its checkout', async () => {
    const created = await startCheckout(1);
    const before = await status(created.sessionId);
    expect(before.body).toMatchObject({ status: 'pending', order: { id: created.registrationId, key: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const { event } = await su.collection('registrations').getOne(created.registrationId);
    expect(await simulated(created.sessionId, 'cancel')).toEqual({ status: 200, body: { redirectUrl: `/register?cancelled=true&event=${event}` } });
    expect((await su.collection('registrations').getOne(created.registrationId)).status).toBe('expired');
  });

  it('a replayed registration request answers the same secret session (same browser, same request key)', async () => {
    await openSales(su);
    const body = { ...paidBody(1), requestId: randomBytes(16).toString('hex') };
    const first = await register(server, body);
    const again = await register(server, body);
    expect(first.status).toBe(201);
    expect(again.body).toMatchObject({ sessionId: first.body.sessionId, checkoutUrl: first.body.checkoutUrl });
  });

  it('unknown sessions stay 404, as before', async () => {
    for (const sessionId of ['sim_doesnotexist1', 'sim_abcdefghijklmno_abc', 'cs_test_unknown']) {
      expect((await status(sessionId)).status).toBe(404);
      expect((await simulated(sessionId, 'cancel')).status).toBe(404);
    }
  });
});
