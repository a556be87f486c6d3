// Admission (pocketbase/admission.go): at most API_CONCURRENCY API requests
// run at once; the others wait their turn in Go, and one that waits longer
// than API_QUEUE_WAIT is answered 503 with the busy message and Retry-After,
// having changed nothing. The realtime stream, stored files and the health
// check never wait. A request holds its turn here by sending its body slowly,
// as a phone on a poor connection does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { createUser, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer({ env: { API_CONCURRENCY: '1', API_QUEUE_WAIT: '1500ms' } });
  su = await server.admin();
  admin = await createUser(server, su, 'administrator');
});

interface Requests { limit: number; running: number; waiting: number; turnedAway: number; since: string }

/** The System health's request figures (the reading request itself not counted). */
async function requestFigures(): Promise<Requests> {
  const response = await fetch(`${server.url}/api/masterclass/admin/health`, { headers: { Authorization: admin.client.authStore.token } });
  expect(response.status).toBe(200);
  return (await response.json()).requests;
}

afterAll(async () => {
  await server?.stop();
});

const message = (subject: string) => ({ name: 'Slow Sender', email: 'slow.sender@example.com', subject, message: 'Sent from a slow phone.' });

/**
 * Starts a contact message whose body arrives in two halves: the request
 * holds its turn until `finish()` sends the rest.
 */
function slowRequest(subject: string) {
  const body = Buffer.from(JSON.stringify(message(subject)));
  const { hostname, port } = new URL(server.url);
  let answered: (value: { status: number; body: string }) => void;
  const answer = new Promise<{ status: number; body: string }>((resolve) => { answered = resolve; });
  const request = http.request({
    hostname, port, method: 'POST', path: '/api/collections/contact_messages/records',
    headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
  }, (response) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => { text += chunk; });
    response.on('end', () => answered({ status: response.statusCode ?? 0, body: text }));
  });
  request.write(body.subarray(0, 10));
  return { answer, finish: () => request.end(body.subarray(10)) };
}

const messagesTitled = async (subject: string) => (await su.collection('contact_messages').getFullList({ filter: su.filter('subject = {:subject}', { subject }) })).length;

describe('API admission', () => {
  it('lets a request wait for its turn, and answers 503 (Retry-After, nothing written) when the wait runs out', async () => {
    const before = await requestFigures();
    expect(before).toMatchObject({ limit: 1, running: 0, waiting: 0, turnedAway: 0 });
    expect(before.since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const holder = slowRequest('Holding the turn');
    // Give the slow request time to reach the server and take the only turn.
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Not queued: the health check and a stored file's path answer at once.
    const started = performance.now();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/files/contact_messages/none/none.png`)).status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1_000);

    // Queued: a second message waits, and is refused when the wait runs out.
    const waited = performance.now();
    const refused = await fetch(`${server.url}/api/collections/contact_messages/records`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message('Refused while busy')),
    });
    expect(performance.now() - waited).toBeGreaterThanOrEqual(1_400);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ status: 503, message: "We're very busy right now. Please try again in a moment.", data: {} });

    // A request that arrives while the turn is held goes ahead once it is free.
    const queued = fetch(`${server.url}/api/collections/contact_messages/records`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message('Waited its turn')),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    holder.finish();
    expect((await holder.answer).status).toBe(200);
    expect((await queued).status).toBe(200);
    // The overview counts the request turned away; nothing runs or waits any more.
    expect(await requestFigures()).toMatchObject({ limit: 1, running: 0, waiting: 0, turnedAway: 1, since: before.since });
    expect(await messagesTitled('Holding the turn')).toBe(1);
    expect(await messagesTitled('Waited its turn')).toBe(1);
    expect(await messagesTitled('Refused while busy')).toBe(0);
  });
});
