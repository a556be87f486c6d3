// Admission (pocketbase/admission.go): at most API_CONCURRENCY API requests
// run at once; the others wait their turn in Go, and one that waits longer
// than API_QUEUE_WAIT is answered 503 with the busy message and Retry-After,
// having changed nothing. The realtime stream, stored files and the health
// check never wait, and a request's body is received before it waits, so a
// client sending its body slowly (or someone doing so on purpose, many times
// over) holds no turn. Here a waitlist registration holds the only turn while
// it delivers its email to a mail server that has not greeted it yet. The
// admin overview's System health reads the same figures
// (GET /api/masterclass/admin/health, `requests`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { loadHookModule } from '../support/hook-module';
import { createUser, type TestUser } from './helpers';
import { openSales, register, waitlistBody } from './registration-helpers';

const BUSY = loadHookModule<{ MESSAGES: { serverBusy: string } }>('core/constants').MESSAGES.serverBusy;

/** A mail server that accepts connections and stays silent until `release()` closes them. */
async function silentMailServer() {
  const sockets = new Set<net.Socket>();
  let connected: () => void = () => undefined;
  const firstConnection = new Promise<void>((resolve) => { connected = resolve; });
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    firstConnection,
    release: () => { for (const socket of sockets) socket.destroy(); },
    stop: () => new Promise<void>((resolve) => { for (const socket of sockets) socket.destroy(); server.close(() => resolve()); }),
  };
}

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let mail: Awaited<ReturnType<typeof silentMailServer>>;

beforeAll(async () => {
  mail = await silentMailServer();
  server = await startTestServer({
    env: {
      API_CONCURRENCY: '1', API_QUEUE_WAIT: '1500ms',
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    },
  });
  su = await server.admin();
  admin = await createUser(server, su, 'administrator');
  await openSales(su, { capacity: 50 });
});

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

interface Requests { limit: number; running: number; waiting: number; turnedAway: number; since: string }

/** The System health's request figures (the reading request itself not counted). */
async function requestFigures(): Promise<Requests> {
  const response = await fetch(`${server.url}/api/masterclass/admin/health`, { headers: { Authorization: admin.client.authStore.token } });
  expect(response.status).toBe(200);
  return (await response.json()).requests;
}

const message = (subject: string) => ({ name: 'Slow Sender', email: 'slow.sender@example.com', subject, message: 'Sent from a slow phone.' });
const sendMessage = (subject: string) => fetch(`${server.url}/api/collections/contact_messages/records`, {
  method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(message(subject)),
});
const messagesTitled = async (subject: string) => (await su.collection('contact_messages').getFullList({ filter: su.filter('subject = {:subject}', { subject }) })).length;

describe('API admission', () => {
  it('lets a request wait for its turn, and answers 503 (Retry-After, nothing written) when the wait runs out', async () => {
    const before = await requestFigures();
    expect(before).toMatchObject({ limit: 1, running: 0, waiting: 0, turnedAway: 0 });
    expect(before.since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // The only turn: a registration waiting for the mail server to greet it.
    const holder = register(server, waitlistBody());
    await mail.firstConnection;

    // Not queued: the health check and a stored file's path answer at once.
    const started = performance.now();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/files/contact_messages/none/none.png`)).status).toBe(404);
    expect(performance.now() - started).toBeLessThan(1_000);

    // Queued: a message waits, and is refused when the wait runs out.
    const waited = performance.now();
    const refused = await sendMessage('Refused while busy');
    expect(performance.now() - waited).toBeGreaterThanOrEqual(1_400);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({ status: 503, message: BUSY, data: {} });
    expect(BUSY).toBe("We're very busy right now. Please try again in a moment.");

    // A request that arrives while the turn is held goes ahead once it is free.
    const queued = sendMessage('Waited its turn');
    await new Promise((resolve) => setTimeout(resolve, 300));
    mail.release();
    // The registration is kept; its email waits for the retry (the spec's email warning).
    expect(await holder).toMatchObject({ status: 201, body: { emailWarning: true } });
    expect((await queued).status).toBe(200);
    expect(await messagesTitled('Waited its turn')).toBe(1);
    expect(await messagesTitled('Refused while busy')).toBe(0);
    // The overview counts the request turned away; nothing runs or waits any more.
    expect(await requestFigures()).toMatchObject({ limit: 1, running: 0, waiting: 0, turnedAway: 1, since: before.since });
  });

  it('holds no turn while a body arrives slowly, so slow senders cannot shut everyone else out', async () => {
    const body = Buffer.from(JSON.stringify(message('Sent slowly')));
    const { hostname, port } = new URL(server.url);
    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request({
        hostname, port, method: 'POST', path: '/api/collections/contact_messages/records',
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
      }, (response) => { response.resume(); response.on('end', () => resolve(response.statusCode ?? 0)); });
      request.on('error', reject);
      request.write(body.subarray(0, 10));
      // The rest comes three seconds later, longer than anyone may wait for a turn.
      setTimeout(() => request.end(body.subarray(10)), 3_000);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // With the only turn held by the slow sender, these would wait 1.5 s and be refused 503.
    const started = performance.now();
    expect((await sendMessage('Not held up')).status).toBe(200);
    expect((await fetch(`${server.url}/api/masterclass/event`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_400);
    // The slow body is received whole, then takes its turn like any other.
    expect(await answered).toBe(200);
    expect(await messagesTitled('Sent slowly')).toBe(1);
    expect(await messagesTitled('Not held up')).toBe(1);
  });
});
