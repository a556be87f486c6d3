// Versions, not values. A device's update says, per field, the version
// (`sync_seq`) of the server's row it edited from (X-Sync-Versions); the
// server keeps the version at which each field last changed, whatever wrote
// it (a device, the dashboard's superuser, a migration's or a hook's
// app.save), and refuses with 409 a change of a field that changed after
// that version, even when its value has come back since: A → B → A, then a
// late copy of the B edit, leaves A. Fields changed on one side only still
// merge; a bad header is a 400 with nothing written; the versions never show
// in an answer or a pull, and go with the row's delete.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { hooksDir, migrationsDir, pocketbaseBin, root } from '../../scripts/lib/paths.mjs';
import type { TestServer } from '../support/pocketbase';
import { createUser, serverForFile } from './helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started));

/** The headers the app sends with an update: the values and the versions it edited from. */
function editedFrom(base: Record<string, unknown>, versions: Record<string, number>): Record<string, string> {
  return {
    'X-Sync-Base': encodeURIComponent(JSON.stringify(base)),
    'X-Sync-Versions': encodeURIComponent(JSON.stringify(versions)),
  };
}

const versionsOnly = (versions: unknown) => ({ 'X-Sync-Versions': encodeURIComponent(JSON.stringify(versions)) });

async function refusal(request: Promise<unknown>): Promise<ClientResponseError> {
  const error = await request.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ClientResponseError)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  return error;
}

async function attendee(profile: Record<string, unknown> = {}) {
  return createUser(server, su, 'attendee', { company: 'A Co', job_title: 'Analyst', ...profile });
}

const seqOf = (record: RecordModel) => record.sync_seq as number;

/** The stored field versions of a row, read from the database file (no route shows them). */
function storedVersions(collectionId: string, recordId: string): Record<string, number> {
  const out = execFileSync('sqlite3', ['-json', path.join(server.dataDir, 'data.db'),
    `SELECT field, seq FROM sync_field_versions WHERE collection = '${collectionId}' AND record = '${recordId}'`], { encoding: 'utf8' }).trim();
  const rows = (out ? JSON.parse(out) : []) as { field: string; seq: number }[];
  return Object.fromEntries(rows.map((row) => [row.field, row.seq]));
}

describe('a late copy of an edit', () => {
  it('A → B → A, then the B edit made on the first version: 409, and the server keeps A', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const first = await users.getOne(user.id);

    // The edit to B, made on the first version; its copy is held in the network.
    const toB = () => users.update(user.id, { company: 'B Co' }, { headers: editedFrom({ company: 'A Co' }, { company: seqOf(first) }) });
    const atB = await toB();
    // The user's last save: back to A, made on the version holding B.
    const atA = await users.update(user.id, { company: 'A Co' }, { headers: editedFrom({ company: 'B Co' }, { company: seqOf(atB) }) });
    expect(atA.company).toBe('A Co');

    // The held copy arrives: its value base (A) matches again, its version does not.
    const error = await refusal(toB());
    expect(error.status).toBe(409);
    expect(error.response).toMatchObject({
      message: 'Changed on the server since you edited it: company.',
      data: { company: { code: 'sync_conflict' } },
    });
    expect(await su.collection('users').getOne(user.id)).toMatchObject({ company: 'A Co', sync_seq: seqOf(atA) });

    // Versions alone (no value base) refuse it the same way.
    const alone = await refusal(users.update(user.id, { company: 'B Co' }, { headers: versionsOnly({ company: seqOf(first) }) }));
    expect(alone.status).toBe(409);
    expect((await su.collection('users').getOne(user.id)).company).toBe('A Co');
  });

  it('takes an edit made on the latest version of its field, and one that sets the value the server has', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const first = await users.getOne(user.id);
    const atB = await users.update(user.id, { company: 'B Co' }, { headers: versionsOnly({ company: seqOf(first) }) });
    // made on the version holding B
    const atC = await users.update(user.id, { company: 'C Co' }, { headers: versionsOnly({ company: seqOf(atB) }) });
    expect(atC.company).toBe('C Co');
    // an old copy setting what the server has anyway (a replay whose answer was lost) changes nothing and passes
    const same = await users.update(user.id, { company: 'C Co' }, { headers: versionsOnly({ company: seqOf(first) }) });
    expect(same.company).toBe('C Co');
  });

  it('counts a change made in the dashboard (a superuser through the records API), even undone', async () => {
    const user = await attendee();
    const first = await user.client.collection('users').getOne(user.id);
    await su.collection('users').update(user.id, { job_title: 'Director' });
    await su.collection('users').update(user.id, { job_title: 'Analyst' });

    const error = await refusal(user.client.collection('users').update(user.id, { job_title: 'Head of AI' }, {
      headers: editedFrom({ job_title: 'Analyst' }, { job_title: seqOf(first) }),
    }));
    expect([error.status, Object.keys(error.response.data as object)]).toEqual([409, ['job_title']]);
    expect((await su.collection('users').getOne(user.id)).job_title).toBe('Analyst');
  });

  it("counts a change saved by server code with app.save (a migration's, as a hook's), outside the records API", async () => {
    const user = await attendee();
    const record = await user.client.collection('business_cases').create({ owner: user.id, title: 'Plan', status: 'draft' });

    // A migration run by the server binary on the live data folder: the same app.save as a hook's, no request, no transaction of its own.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sync-versions-migration-'));
    try {
      writeFileSync(path.join(dir, '1999999999_hook_edit.js'), `migrate((app) => {
        for (const title of ["Server plan", "Plan"]) {
          const record = app.findRecordById("business_cases", ${JSON.stringify(record.id)});
          record.set("title", title);
          app.save(record);
        }
      });`);
      execFileSync(pocketbaseBin, ['migrate', 'up', '--dir', server.dataDir, '--migrationsDir', dir, '--hooksDir', hooksDir], {
        env: { ...process.env, APP_ENV: '', SIMULATED_CHECKOUT: 'on', STRIPE_SECRET_KEY: '', PASSWORD_HASH_COST: '' }, stdio: 'pipe',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const now = await su.collection('business_cases').getOne(record.id);
    expect(now.title).toBe('Plan');
    expect(seqOf(now)).toBeGreaterThan(seqOf(record));
    expect(storedVersions(now.collectionId, record.id).title).toBe(seqOf(now));

    const error = await refusal(user.client.collection('business_cases').update(record.id, { title: 'My plan' }, {
      headers: editedFrom({ title: 'Plan' }, { title: seqOf(record) }),
    }));
    expect([error.status, Object.keys(error.response.data as object)]).toEqual([409, ['title']]);
    // a field the migration did not change still takes the device's edit
    const saved = await user.client.collection('business_cases').update(record.id, { status: 'ready' }, {
      headers: editedFrom({ status: 'draft' }, { status: seqOf(record) }),
    });
    expect(saved).toMatchObject({ title: 'Plan', status: 'ready' });
  });
});

describe('fields changed on one side only', () => {
  it('merges a device edit of one field made on an old version with the server edit of another', async () => {
    const user = await attendee();
    const first = await user.client.collection('users').getOne(user.id);
    await su.collection('users').update(user.id, { job_title: 'Director' });

    const saved = await user.client.collection('users').update(user.id, { company: 'New Co' }, {
      headers: editedFrom({ company: 'A Co' }, { company: seqOf(first) }),
    });
    expect(saved).toMatchObject({ company: 'New Co', job_title: 'Director' });
  });

  it('keeps both of two different-field edits sent at once, each on the version before, every time', async () => {
    const user = await attendee();
    const users = user.client.collection('users');
    const lost: string[] = [];
    for (let trial = 0; trial < 25; trial += 1) {
      const before = await users.getOne(user.id);
      const answers = await Promise.all([
        users.update(user.id, { job_title: `Title ${trial}` }, { headers: editedFrom({ job_title: before.job_title }, { job_title: seqOf(before) }) })
          .then(() => 200, (error: ClientResponseError) => error.status),
        users.update(user.id, { company: `Company ${trial}` }, { headers: editedFrom({ company: before.company }, { company: seqOf(before) }) })
          .then(() => 200, (error: ClientResponseError) => error.status),
      ]);
      const after = await su.collection('users').getOne(user.id);
      if (answers.join() !== '200,200' || after.job_title !== `Title ${trial}` || after.company !== `Company ${trial}`) {
        lost.push(`trial ${trial}: ${answers.join()} ${after.job_title} / ${after.company}`);
      }
    }
    expect(lost).toEqual([]);
  });

  it('never refuses an edit sent without versions or base (an administrator, Keep mine)', async () => {
    const user = await attendee();
    await su.collection('users').update(user.id, { company: 'B Co' });
    await su.collection('users').update(user.id, { company: 'A Co' });
    expect((await user.client.collection('users').update(user.id, { company: 'Mine' })).company).toBe('Mine');
  });
});

describe('bad versions', () => {
  it('answers 400 to a malformed versions header and writes nothing', async () => {
    const user = await attendee();
    const cases: [Record<string, string>, string][] = [
      [{ 'X-Sync-Versions': '%7Bnot json' }, 'The sync versions are not valid.'],
      [versionsOnly([1]), 'The sync versions are not valid.'],
      [versionsOnly({ company: '12' }), 'The sync versions are not valid.'],
      [versionsOnly({ company: -1 }), 'The sync versions are not valid.'],
      [versionsOnly({ company: 1.5 }), 'The sync versions are not valid.'],
      [versionsOnly({ company: null }), 'The sync versions are not valid.'],
      [versionsOnly({ company: 1, x: 'y'.repeat(9000) }), 'The sync versions are not valid.'],
      [versionsOnly({ password: 1 }), 'The sync versions name an unknown field: password.'],
      [versionsOnly({ no_such_field: 1 }), 'The sync versions name an unknown field: no_such_field.'],
    ];
    const before = await su.collection('users').getOne(user.id);
    for (const [headers, message] of cases) {
      const error = await refusal(user.client.collection('users').update(user.id, { company: 'Changed' }, { headers }));
      expect([error.status, error.response.message], message).toEqual([400, message]);
    }
    expect(await su.collection('users').getOne(user.id)).toMatchObject({ company: 'A Co', updated: before.updated, sync_seq: seqOf(before) });
  });
});

describe('where the versions live', () => {
  it('never shows them in an answer or a pull, and deletes them with the row', async () => {
    const user = await attendee();
    const first = await user.client.collection('users').getOne(user.id);
    const saved = await user.client.collection('users').update(user.id, { company: 'B Co' }, { headers: versionsOnly({ company: seqOf(first) }) });
    const record = await user.client.collection('business_cases').create({ owner: user.id, title: 'Plan', status: 'draft' });
    const edited = await user.client.collection('business_cases').update(record.id, { title: 'Plan 2' }, { headers: versionsOnly({ title: seqOf(record) }) });
    expect(storedVersions(saved.collectionId, user.id).company).toBe(seqOf(saved));
    expect(storedVersions(edited.collectionId, record.id)).toEqual({ title: seqOf(edited) });

    const schemaKeys = async (name: string) => {
      const collection = await su.collections.getOne(name);
      return new Set([...collection.fields.map((field: { name: string }) => field.name), 'collectionId', 'collectionName', 'expand']);
    };
    const shown: Record<string, unknown>[] = [
      saved, edited, await su.collection('users').getOne(user.id), await su.collection('business_cases').getOne(record.id),
    ];
    for (const client of [user.client, su]) {
      for (const collection of ['users', 'business_cases']) {
        const page = await client.send<{ records: Record<string, unknown>[] }>('/api/sync/changes', { query: client === su ? { collection, after: 0 } : { collection, after: 0, owner: 1 } });
        shown.push(...page.records.filter((row) => row.id === user.id || row.id === record.id));
      }
    }
    expect(shown.length).toBeGreaterThanOrEqual(8);
    for (const row of shown) {
      const keys = await schemaKeys(String(row.collectionName));
      expect(Object.keys(row).filter((key) => !keys.has(key)), String(row.collectionName)).toEqual([]);
      expect(JSON.stringify(row)).not.toMatch(/sync_field_versions|"versions"/);
    }

    await user.client.collection('business_cases').delete(record.id);
    expect(storedVersions(edited.collectionId, record.id)).toEqual({});
    await su.collection('users').delete(user.id);
    expect(storedVersions(saved.collectionId, user.id)).toEqual({});
  });

  it('no hook or migration writes these tables with raw SQL (which would bypass the versions)', () => {
    const tables = 'users|readiness_assessments|business_cases|saved_use_cases';
    const rawWrite = new RegExp(`(UPDATE|INSERT\\s+(OR\\s+\\w+\\s+)?INTO|REPLACE\\s+INTO)\\s+[\`"\\[{]*(${tables})\\b`, 'i');
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
      return /\.(js|go)$/.test(entry.name) ? [full] : [];
    });
    const found = [...files(hooksDir), ...files(migrationsDir), ...files(path.join(root, 'pocketbase'))]
      .filter((file) => rawWrite.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(found).toEqual([]);
  });
});
