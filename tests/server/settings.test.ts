// App settings come from the environment on every boot (pb_hooks/settings.pb.js),
// the contact form is rate limited per IP, and restarting on the same data
// dir neither re-applies migrations nor keeps stale settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { freePort, startPocketBase, upsertSuperuser } from '../../scripts/lib/pocketbase-process.mjs';
import { unique } from './helpers';

const MAIL_ENV = {
  APP_URL: 'https://masterclass.example.com',
  MAIL_FROM: 'Masterclass Team <team@masterclass.example.com>',
  SMTP_HOST: 'smtp.masterclass.example.com',
  SMTP_PORT: '2525',
  SMTP_USER: 'mailer',
  SMTP_PASSWORD: 'mailer-secret',
  SMTP_TLS: 'true',
};

let configured: TestServer;
let defaults: TestServer;
let configuredSu: PocketBase;
let defaultsSu: PocketBase;

beforeAll(async () => {
  [configured, defaults] = await Promise.all([
    startTestServer({ env: MAIL_ENV }),
    startTestServer({ env: { APP_URL: '', MAIL_FROM: '', SMTP_HOST: '' } }),
  ]);
  [configuredSu, defaultsSu] = await Promise.all([configured.admin(), defaults.admin()]);
});

afterAll(async () => {
  await Promise.all([configured?.stop(), defaults?.stop()]);
});


describe('settings from the environment', () => {
  it('applies app URL, sender and SMTP', async () => {
    const settings = await configuredSu.settings.getAll();
    expect(settings.meta).toMatchObject({
      appName: 'AI Champions Masterclass',
      appURL: 'https://masterclass.example.com',
      senderName: 'Masterclass Team',
      senderAddress: 'team@masterclass.example.com',
    });
    expect(settings.smtp).toMatchObject({
      enabled: true, host: 'smtp.masterclass.example.com', port: 2525, username: 'mailer', tls: true,
    });
  });

  it('falls back to local defaults with SMTP off', async () => {
    const settings = await defaultsSu.settings.getAll();
    expect(settings.meta).toMatchObject({
      appName: 'AI Champions Masterclass',
      appURL: 'http://127.0.0.1:8090',
      senderName: 'AI Champions Masterclass',
      senderAddress: 'no-reply@aichampions.local',
    });
    expect(settings.smtp.enabled).toBe(false);
  });

  it('turns rate limiting on, tight for the contact form and generous elsewhere', async () => {
    const { rateLimits } = await defaultsSu.settings.getAll();
    expect(rateLimits.enabled).toBe(true);
    const rule = (label: string) => rateLimits.rules.find((candidate: { label: string }) => candidate.label === label);
    expect(rule('contact_messages:create')).toMatchObject({ maxRequests: 5, duration: 60 });
    expect(rule('*:create').maxRequests).toBeGreaterThanOrEqual(100);
    expect(rule('/api/').maxRequests).toBeGreaterThanOrEqual(1000);
    // Loose enough for 50 attendees on one venue address; accounts are limited one by one.
    expect(rule('*:auth')).toMatchObject({ maxRequests: 300, duration: 60 });
  });

  it('takes every limit from its environment variable, and RATE_LIMITS=off switches them off', async () => {
    const tuned = await startTestServer({ env: { RATE_LIMIT_IP_CONTACT: '7/30', RATE_LIMIT_IP_SIGN_IN: 'not-a-rate' } });
    try {
      const { rateLimits } = await (await tuned.admin()).settings.getAll();
      const rule = (label: string) => rateLimits.rules.find((candidate: { label: string }) => candidate.label === label);
      expect(rule('contact_messages:create')).toMatchObject({ maxRequests: 7, duration: 30 });
      expect(rule('*:auth')).toMatchObject({ maxRequests: 300, duration: 60 });
    } finally {
      await tuned.stop();
    }
    const off = await startTestServer({ env: { RATE_LIMITS: 'off' } });
    try {
      expect((await (await off.admin()).settings.getAll()).rateLimits.enabled).toBe(false);
    } finally {
      await off.stop();
    }
  });
});

describe('contact form rate limit', () => {
  it('accepts 5 messages a minute from one address, then answers 429', async () => {
    const guest = defaults.guest();
    guest.autoCancellation(false);
    const send = (index: number) =>
      guest.collection('contact_messages').create({ name: 'Jo', email: 'jo@test.local', subject: `Message ${index}`, message: 'Hello' });

    for (let index = 1; index <= 5; index += 1) await send(index);
    const sixth = await send(6).catch((error: unknown) => error);
    expect(sixth).toBeInstanceOf(ClientResponseError);
    expect((sixth as ClientResponseError).status).toBe(429);

    // Other creates from the same address are not held back by the contact limit.
    expect((await defaultsSu.collection('contact_messages').getFullList()).length).toBe(5);
    const events = await guest.collection('events').getList(1, 1);
    expect(events.totalItems).toBe(1);
  });
});

describe('promo code guessing', () => {
  it('answers 429 after 20 promo checks in ten minutes from one address (the default)', async () => {
    const check = () =>
      fetch(`${defaults.url}/api/masterclass/promo/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'GUESS1' }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) statuses.push((await check()).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('restart on the same data dir', () => {
  it('applies migrations once and re-applies settings from the new environment', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-restart-'));
    const credentials = { email: 'restart@test.local', password: unique('pw-') };
    const boot = async (appUrl: string) => {
      const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: { APP_URL: appUrl } });
      const client = new PocketBase(server.url);
      client.autoCancellation(false);
      await client.collection('_superusers').authWithPassword(credentials.email, credentials.password);
      const counts = Object.fromEntries(
        await Promise.all(
          ['events', 'promo_codes', 'speakers', 'materials', 'ai_use_cases', 'app_secrets', 'contact_messages'].map(
            async (collection) => [collection, (await client.collection(collection).getList(1, 1)).totalItems] as const,
          ),
        ),
      );
      const settings = await client.settings.getAll();
      return { server, client, counts, appURL: settings.meta.appURL as string };
    };

    try {
      upsertSuperuser({ dataDir, ...credentials });
      const first = await boot('http://first.example.test');
      expect(first.appURL).toBe('http://first.example.test');
      await first.client.collection('contact_messages').create({ name: 'Kept', email: 'kept@test.local', subject: 'Kept', message: 'Survives a restart' });
      await first.server.stop();

      const second = await boot('http://second.example.test');
      await second.server.stop();
      expect(second.appURL).toBe('http://second.example.test');
      expect(second.counts).toEqual({ ...first.counts, contact_messages: first.counts.contact_messages + 1 });
      // app_secrets: the invitation-link key, the client key, the early-access/unsubscribe link key, the cancellation link key,
      // the sign-in device key and the order link key, each made once.
      expect(second.counts).toMatchObject({ events: 1, promo_codes: 1, speakers: 2, materials: 4, app_secrets: 6 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
