// `npm start`'s backend on a fresh data dir: creates the development superuser
// and administrator once, writes their credentials, and a second start reuses
// them without touching the data. The README's development promo code works
// on a fresh start (once sales are opened in the admin area, as the README
// says), and every start makes it usable again.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { startBackend } from '../../scripts/lib/backend.mjs';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { promoBody } from './registration-helpers';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-start-'));

async function startOnce() {
  process.env.DATA_DIR = dataDir;
  process.env.HTTP_ADDR = `127.0.0.1:${await freePort()}`;
  return startBackend({ quiet: true });
}

interface Credentials { superuser: { email: string; password: string } }

async function devPromoCode(url: string, credentials: Credentials) {
  const superuser = new PocketBase(url);
  await superuser.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
  return superuser.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
}

const daysFromNow = (date: string) => (new Date(date.replace(' ', 'T')).getTime() - Date.now()) / 86_400_000;

async function registerWithPromo(url: string, code: string) {
  const response = await fetch(`${url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(promoBody(code)),
  });
  return { status: response.status, body: await response.json() };
}

describe('npm start backend', () => {
  afterAll(() => {
    delete process.env.DATA_DIR;
    delete process.env.HTTP_ADDR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates working development accounts once and keeps them on the next start', async () => {
    const first = await startOnce();
    const file = path.join(dataDir, 'dev-credentials.json');
    const credentials = JSON.parse(readFileSync(file, 'utf8'));
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(credentials.superuser.password).toMatch(/^[\w-]{16}$/);
    expect(credentials.administrator.password).not.toBe(credentials.superuser.password);

    // The README's journey: the administrator moves the event to a date still to come and opens sales,
    // then CHAMPION2025 registers one attendee for free.
    const promo = await devPromoCode(first.url, credentials);
    expect(promo).toMatchObject({ active: true, max_uses: 20, used_count: 0 });
    expect(daysFromNow(promo.expires_at)).toBeGreaterThan(29);
    const admin = new PocketBase(first.url);
    await admin.collection('users').authWithPassword(credentials.administrator.email, credentials.administrator.password);
    const event = await masterclassEvent(admin);
    expect(promo.event).toBe(event.id);
    expect(event.sales_state).toBe('sold_out');
    expect((await registerWithPromo(first.url, 'champion2025')).status).toBe(409);
    await admin.collection('events').update(event.id, { sales_state: 'open' });
    expect((await registerWithPromo(first.url, 'champion2025')).body.data.sales.code).toBe('event_over');
    await admin.collection('events').update(event.id, UPCOMING_EVENT_TIMES);
    const registered = await registerWithPromo(first.url, 'champion2025');
    expect(registered).toMatchObject({ status: 201, body: { status: 'completed' } });

    // An administrator may switch the code off; the next development start makes it usable again.
    await admin.collection('promo_codes').update(promo.id, { active: false });
    expect((await registerWithPromo(first.url, 'CHAMPION2025')).status).toBe(400);
    await first.stop();

    const second = await startOnce();
    try {
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(credentials);
      const superuser = new PocketBase(second.url);
      await superuser.collection('_superusers').authWithPassword(credentials.superuser.email, credentials.superuser.password);
      const admin = new PocketBase(second.url);
      const auth = await admin.collection('users').authWithPassword(credentials.administrator.email, credentials.administrator.password);
      expect(auth.record.role).toBe('administrator');
      expect(await superuser.collection('users').getFullList({ filter: 'role = "administrator"' })).toHaveLength(1);
      const event = await masterclassEvent(admin);
      expect(event.capacity).toBe(50);
      expect(await devPromoCode(second.url, credentials)).toMatchObject({ active: true, used_count: 1, max_uses: 20 });
      expect((await registerWithPromo(second.url, 'Champion2025')).status).toBe(201);
    } finally {
      await second.stop();
    }
  });
});
