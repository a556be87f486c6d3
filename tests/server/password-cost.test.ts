// PASSWORD_HASH_COST (pb_hooks/password-cost.pb.js): development and test servers may
// hash users' and superusers' passwords at a cheaper bcrypt cost; production ignores it, and a value out of
// range stops the boot with the reason.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureServerBinary } from '../../scripts/lib/build-server.mjs';
import { freePort, startPocketBase } from '../../scripts/lib/pocketbase-process.mjs';
import { startTestServer } from '../support/pocketbase';
import { createUser } from './helpers';

/** The bcrypt cost each password field is stored with (0: PocketBase's default). */
async function costs(server: Awaited<ReturnType<typeof startTestServer>>) {
  const su = await server.admin();
  const found: Record<string, number> = {};
  for (const name of ['users', '_superusers', 'door_passes']) {
    const collection = await su.collections.getOne(name);
    found[name] = (collection.fields.find((field: { name: string }) => field.name === 'password') as { cost?: number }).cost ?? 0;
  }
  return found;
}

/** A password's bcrypt cost, as stored: "$2a$04$…" is 4. */
const storedCost = (hash: string) => Number(hash.split('$')[2]);

describe('PASSWORD_HASH_COST', () => {
  it('sets the cost of every password field in development, and new passwords are hashed with it', async () => {
    const server = await startTestServer({ env: { PASSWORD_HASH_COST: '5' } });
    try {
      // Door pass PINs (six digits) keep the default cost everywhere.
      expect(await costs(server)).toEqual({ users: 5, _superusers: 5, door_passes: 0 });
      const su = await server.admin();
      const user = await createUser(server, su, 'attendee');
      expect(user.client.authStore.isValid).toBe(true);
      const email = user.email;
      const hash = execFileSync('sqlite3', [path.join(server.dataDir, 'data.db'), `select password from users where email='${email}'`], { encoding: 'utf8' }).trim();
      expect(storedCost(hash)).toBe(5);
    } finally {
      await server.stop();
    }
    // Its server needs a data folder migrated under its own cost: minutes, not seconds, on a loaded 2-core runner.
  }, 180_000);

  it('is ignored in production: the fields keep PocketBase’s default', async () => {
    const server = await startTestServer({ env: { APP_ENV: 'production', SIMULATED_CHECKOUT: '', PASSWORD_HASH_COST: '4' } });
    try {
      expect(await costs(server)).toEqual({ users: 0, _superusers: 0, door_passes: 0 });
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('stops the boot with the reason when it is not a whole number from 4 to 14', async () => {
    ensureServerBinary({ log: () => {} });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-boot-'));
    try {
      const started = startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, env: { APP_ENV: 'development', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', PASSWORD_HASH_COST: '3' } });
      await expect(started).rejects.toThrow('PASSWORD_HASH_COST must be a whole number from 4 to 14 (it is "3")');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
