// A backup never touches the live database's locks (docs/backups.md). SQLite
// keeps its locks as POSIX record locks, which belong to a process and file:
// when the server's own process opens the database file another way (reading
// it into a zip) and closes it, every lock the server's connections hold on it
// is gone, and the next process to open the database (the sqlite3 shell, a
// replication tool) believes it is alone, checkpoints and deletes the
// server's -wal and -shm files when it closes: the server then answers 500
// ("disk I/O error"). Here a backup is made, a second process (Python's own
// SQLite, not this project's code) opens the live database, reads, writes and
// closes it, and the server's files are still there, the server still reads
// and writes, and the backup's database (read by Python's zipfile and SQLite)
// holds what was written before it and passes SQLite's integrity check.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { PYTHON } from '../support/python-readers';

let server: TestServer;
let su: PocketBase;

/** Runs Python with the script, the arguments after it; its standard output, or the test fails with its error. */
function python(script: string, ...args: string[]): string {
  const run = spawnSync(PYTHON, ['-c', script, ...args], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`python3 failed (${run.status}): ${run.stderr}`);
  return run.stdout.trim();
}

/** A second process opens the live database, reads, writes (a scratch table, made and dropped) and closes it. */
const SECOND_PROCESS = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=30)
count = db.execute("select count(*) from _superusers").fetchone()[0]
db.execute("create table if not exists lock_probe (x)")
db.execute("insert into lock_probe values (1)")
db.commit()
db.execute("drop table lock_probe")
db.commit()
db.close()
print(count)
`;

/** Opens the backup's data.db from the zip (Python's zipfile and SQLite): its integrity and the superusers' emails. */
const READ_BACKUP = `
import sqlite3, sys, tempfile, zipfile, os, json
with zipfile.ZipFile(sys.argv[1]) as z:
    names = z.namelist()
    out = tempfile.mkdtemp()
    z.extract("data.db", out)
db = sqlite3.connect(os.path.join(out, "data.db"))
check = db.execute("pragma integrity_check").fetchone()[0]
emails = [row[0] for row in db.execute("select email from _superusers order by email")]
db.close()
print(json.dumps({"names": names, "check": check, "emails": emails}))
`;

const newSuperuser = (email: string) => su.collection('_superusers').create({ email, password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' });

describe('a backup and a second process on the live database', () => {
  beforeAll(async () => {
    server = await startTestServer();
    su = await server.admin();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('leaves the server its -wal and -shm files and its API answering', { timeout: 120_000 }, async () => {
    const dataDb = path.join(server.dataDir, 'data.db');
    await newSuperuser('before-backup@example.org');

    await su.send('/api/backups', { method: 'POST', body: { name: 'locks_check.zip' } });

    const seen = Number(python(SECOND_PROCESS, dataDb));
    expect(seen).toBeGreaterThanOrEqual(2);

    expect(existsSync(`${dataDb}-wal`)).toBe(true);
    expect(existsSync(`${dataDb}-shm`)).toBe(true);

    // the server still writes and reads, and logged no I/O error
    const after = await newSuperuser('after-second-process@example.org');
    const listed = await su.collection('_superusers').getFullList({ filter: `id = "${after.id}"` });
    expect(listed.map((row) => row.email)).toEqual(['after-second-process@example.org']);
    expect(server.output()).not.toMatch(/disk I\/O error/i);

    // a second backup after all that, and the database inside the first one
    await su.send('/api/backups', { method: 'POST', body: { name: 'locks_check_2.zip' } });
    const backup = JSON.parse(python(READ_BACKUP, path.join(server.dataDir, 'backups', 'locks_check.zip'))) as { names: string[]; check: string; emails: string[] };
    expect(backup.check).toBe('ok');
    expect(backup.emails).toContain('before-backup@example.org');
    expect(backup.emails).not.toContain('after-second-process@example.org');
    // the database is whole in the zip: no -wal or -shm beside it that a restore would need
    expect(backup.names).toContain('data.db');
    expect(backup.names).toContain('auxiliary.db');
    expect(backup.names.filter((name) => /-(wal|shm)$/.test(name))).toEqual([]);
  });
});
