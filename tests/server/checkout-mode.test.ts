// How the server takes payments is configured, never guessed: the simulated
// checkout runs only when SIMULATED_CHECKOUT switches it on, half a Stripe
// configuration (or both at once) stops the server at boot naming the
// variables, and with neither a paid registration is refused before any seat
// is held while free registrations go on.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ensureServerBinary } from '../../scripts/lib/build-server.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { masterclassEvent } from '../support/masterclassEvent';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { counts, get, openSales, paidBody, post, register, seatsLeft, waitlistBody } from './registration-helpers';

const NOTHING_CONFIGURED = { SIMULATED_CHECKOUT: '', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
const PAYMENT_UNAVAILABLE = 'Card payment is not set up on this server yet. Please contact us to register, or use a promo code if you have one.';

/** Starts PocketBase with `env` and answers why it refused to boot (fails the test if it booted). */
async function bootRefusal(env: Record<string, string>): Promise<string> {
  ensureServerBinary({ log: () => {} });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-boot-'));
  try {
    const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: { ...NOTHING_CONFIGURED, ...env } });
    await server.stop();
  } catch (error) {
    return (error as Error).message;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  throw new Error(`PocketBase started with ${JSON.stringify(env)}`);
}

describe('checkout configuration at boot', () => {
  it('refuses to boot with a Stripe secret key but no webhook secret', async () => {
    const reason = await bootRefusal({ STRIPE_SECRET_KEY: 'sk_test_123' });
    expect(reason).toMatch(/exited with code [1-9]/);
    expect(reason).toContain('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not');
  });

  it('refuses to boot with a webhook secret but no Stripe secret key', async () => {
    const reason = await bootRefusal({ STRIPE_WEBHOOK_SECRET: 'whsec_test' });
    expect(reason).toMatch(/exited with code [1-9]/);
    expect(reason).toContain('STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not');
  });

  it('refuses to boot with the simulated checkout on beside a Stripe key', async () => {
    const reason = await bootRefusal({ SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_test' });
    expect(reason).toMatch(/exited with code [1-9]/);
    expect(reason).toContain('SIMULATED_CHECKOUT is on while STRIPE_SECRET_KEY is set');
  });

  it('refuses to boot with a SIMULATED_CHECKOUT value it does not know, rather than guess', async () => {
    const reason = await bootRefusal({ SIMULATED_CHECKOUT: 'yes please' });
    expect(reason).toContain('SIMULATED_CHECKOUT must be on, true or 1');
  });

  it('switches the simulated checkout on with "1" or "TRUE"', async () => {
    for (const value of ['1', 'TRUE']) {
      const server = await startTestServer({ env: { SIMULATED_CHECKOUT: value } });
      try {
        expect((await get(server, '/api/masterclass/event')).body.checkout_mode).toBe('simulated');
      } finally {
        await server.stop();
      }
    }
    // two servers started one after the other: on a loaded 2-core runner that takes longer than one test's default
  }, 90_000);
});

describe('with neither Stripe nor the simulated checkout configured', () => {
  let server: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    server = await startTestServer({ env: { SIMULATED_CHECKOUT: '' } });
    su = await server.admin();
    await openSales(su);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('tells the page payment is unavailable', async () => {
    const { body } = await get(server, '/api/masterclass/event');
    expect(body).toMatchObject({ checkout_mode: 'unavailable', sales_state: 'open' });
  });

  it('refuses a paid registration with 503 before holding anything', async () => {
    const before = { seats: await seatsLeft(server), records: await counts(su) };
    const answer = await register(server, paidBody(2));
    expect(answer).toEqual({
      status: 503,
      body: { status: 503, message: PAYMENT_UNAVAILABLE, data: { checkout: { code: 'payment_unavailable', message: PAYMENT_UNAVAILABLE } } },
    });
    expect(await seatsLeft(server)).toBe(before.seats);
    expect(await counts(su)).toEqual(before.records);
  });

  it('serves no simulated checkout: pay and cancel answer 404 and change nothing', async () => {
    const event = await masterclassEvent(su);
    const forged = await su.collection('registrations').create({
      event: event.id, kind: 'paid', status: 'pending', primary_email: 'forged@example.com', currency: 'AUD', stripe_session_id: 'sim_forged_unavailable',
    });
    for (const action of ['pay', 'cancel']) {
      const answer = await post(server, `/api/masterclass/checkout/simulated/sim_forged_unavailable/${action}`);
      expect(answer.status).toBe(404);
      expect(answer.body.data.sessionId.code).toBe('not_available');
    }
    expect((await su.collection('registrations').getOne(forged.id)).status).toBe('pending');
  });

  it('still takes waitlist registrations, which need no payment', async () => {
    const answer = await register(server, waitlistBody());
    expect(answer.status).toBe(201);
  });
});
