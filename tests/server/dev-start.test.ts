// `npm start`'s backend on a fresh data dir: creates the development superuser
// and administrator once, writes their credentials, and a second start reuses
// them without touching the data.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { startBackend } from '../../scripts/lib/backend.mjs';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { masterclassEvent } from '../support/masterclassEvent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-start-'));

async function startOnce() {
  process.env.DATA_DIR = dataDir;
  process.env.HTTP_ADDR = `127.0.0.1:${await freePort()}`;
  return startBackend({ quiet: true });
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
    } finally {
      await second.stop();
    }
  });
});
