// Submissions sent twice store once. The registration route takes the page's
// `requestId` (made once per registration); the contact form sends the record
// id it made. A retry after a lost answer gets the same answer and writes
// nothing; the same key with someone else's details reads nothing of theirs.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { serverForFile } from './helpers';
import { attendee, counts, openSales, paidBody, post, promoBody, register, waitlistBody, LIMITS_RAISED } from './registration-helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

const requestId = () => randomBytes(16).toString('hex');

async function registrationsWithKey(key: string) {
  return su.collection('registrations').getFullList({ filter: su.filter('client_request_id = {:key}', { key }) });
}

describe('POST /api/masterclass/registrations with a requestId', () => {
  beforeEach(async () => {
    await openSales(su, { capacity: 50 });
  });

  it('answers a repeated paid request with the same registration and checkout, holding the seats once', async () => {
    const key = requestId();
    const body = paidBody(2, { requestId: key });
    const before = await counts(su);
    const first = await register(server, body);
    expect(first.status).toBe(201);
    const again = await register(server, body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await counts(su)).toEqual({ ...before, registrations: before.registrations + 1, attendees: before.attendees + 2 });
    const stored = await registrationsWithKey(key);
    expect(stored.map((registration) => registration.id)).toEqual([first.body.registrationId]);
    expect(stored[0]).toMatchObject({ held_seats: 2, status: 'pending' });
  });

  it('stores a waitlist registration once when the same request arrives twice at the same time', async () => {
    const body = waitlistBody({ requestId: requestId() });
    const before = await counts(su);
    const answers = await Promise.all([register(server, body), register(server, body), register(server, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const ids = new Set(answers.map((answer) => answer.body.registrationId));
    expect(ids.size).toBe(1);
    expect(answers[0].body).toMatchObject({ status: 'pending', emailWarning: false });
    const after = await counts(su);
    expect(after.registrations - before.registrations).toBe(1);
    expect(after.attendees - before.attendees).toBe(1);
    // One waitlist confirmation, not three.
    expect(after.emails - before.emails).toBe(1);
  });

  it('spends a promo code once for a repeated promo request', async () => {
    const code = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
    await su.collection('promo_codes').update(code.id, { expires_at: '2099-01-01 00:00:00.000Z' });
    const usedBefore = (await su.collection('promo_codes').getOne(code.id)).used_count;
    const body = promoBody('CHAMPION2025', { requestId: requestId() });
    const first = await register(server, body);
    const again = await register(server, body);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    expect((await su.collection('promo_codes').getOne(code.id)).used_count).toBe(usedBefore + 1);
  });

  it("refuses someone else's key with other details, revealing nothing and writing nothing", async () => {
    const key = requestId();
    const alice = await register(server, paidBody(1, { requestId: key }));
    expect(alice.status).toBe(201);
    const before = await counts(su);
    const mallory = await register(server, paidBody(1, { requestId: key, attendees: [attendee({ fullName: 'Mallory Evans' })] }));
    expect(mallory.status).toBe(409);
    expect(mallory.body.data.requestId.code).toBe('request_reused');
    const text = JSON.stringify(mallory.body);
    expect(text).not.toContain(alice.body.registrationId);
    expect(text).not.toContain(alice.body.sessionId);
    expect(await counts(su)).toEqual(before);
    expect((await registrationsWithKey(key)).map((registration) => registration.id)).toEqual([alice.body.registrationId]);
  });

  it('does not hand out a checkout again once the registration stopped waiting for payment', async () => {
    const body = paidBody(1, { requestId: requestId() });
    const first = await register(server, body);
    await su.collection('registrations').update(first.body.registrationId, { status: 'cancelled' });
    const again = await register(server, body);
    expect(again.status).toBe(409);
    expect(again.body.data.requestId.code).toBe('request_closed');
    expect(JSON.stringify(again.body)).not.toContain(first.body.registrationId);
  });

  it('refuses a malformed requestId with a field message, creating nothing', async () => {
    const before = await counts(su);
    for (const bad of ['short', 'x'.repeat(65), 'has spaces in it but long enough', 42, { id: 'abc' }]) {
      const answer = await register(server, waitlistBody({ requestId: bad }));
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.data.requestId.code).toBe('invalid_request_id');
    }
    expect(await counts(su)).toEqual(before);
  });

  it('keeps the requestId hidden from the collection API', async () => {
    const key = requestId();
    const answer = await register(server, waitlistBody({ requestId: key }));
    const record = await su.collection('registrations').getOne(answer.body.registrationId);
    expect(record.client_request_id).toBe(key);
    const guest = server.guest();
    const refused = await guest
      .collection('registrations')
      .getList(1, 1, { filter: `client_request_id = "${key}"` })
      .then(() => null, (error: { status: number }) => error.status);
    expect([400, 403]).toContain(refused);
  });

  it('still registers without a requestId, each request on its own', async () => {
    const body = paidBody(1);
    const first = await register(server, body);
    const second = await register(server, body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.registrationId).not.toBe(first.body.registrationId);
  });
});

describe('contact messages sent with a client-made id', () => {
  const message = () => ({ name: 'Jane Citizen', email: 'jane@example.com', subject: 'Parking', message: `Is there parking? ${randomBytes(4).toString('hex')}` });
  const recordId = () => randomBytes(8).toString('hex').slice(0, 15);

  it('stores a repeated message once and answers the repeat without its content', async () => {
    const id = recordId();
    const body = { id, ...message() };
    const first = await post(server, '/api/collections/contact_messages/records', body);
    expect([200, 204]).toContain(first.status);
    const response = await fetch(`${server.url}/api/collections/contact_messages/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, message: 'something else entirely' }),
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const stored = await su.collection('contact_messages').getFullList({ filter: su.filter('id = {:id}', { id }) });
    expect(stored).toHaveLength(1);
    expect(stored[0].message).toBe(body.message);
  });
});

describe('contact messages sent again under the rate limit', () => {
  // A server with the default limits: 5 contact messages a minute per address.
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('counts repeats against the per-address limit and still stores the message once', async () => {
    const id = randomBytes(8).toString('hex').slice(0, 15);
    const body = { id, name: 'Sam Spammer', email: 'sam@example.com', subject: 'Again', message: 'Again and again' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await fetch(`${limited.url}/api/collections/contact_messages/records`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(1, 5)).toEqual([204, 204, 204, 204]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const admin = await limited.admin();
    expect((await admin.collection('contact_messages').getFullList()).map((record) => record.id)).toEqual([id]);
  });
});
