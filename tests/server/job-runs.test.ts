// job_runs has two writers: the background jobs written in JS
// (pb_hooks/lib/core/jobs.js) and the backups written in Go
// (pocketbase/backup_runs.go). Both count a run the same way, through the
// server binary's one statement (pocketbase/jobruns.go): here a JS job and
// backups each run ok, then fail, then run ok again against a real server, and
// both rows must say the same thing about their three runs: runs and failures
// counted, the last start, finish, success and failure, the last error kept
// after a later success, and the dates in PocketBase's stored form.
import { createServer, type Server } from 'node:http';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { startTestServer, type TestServer } from '../support/pocketbase';

/** A daily JS job with nothing to do on a fresh server, so an ok run changes nothing else. */
const JS_JOB = 'pruneTombstones';
const JS_RETRY = 'at the next daily run';
const BACKUP_RETRY = 'not retried: make it again in the dashboard (Settings, Backups)';
const STORED_DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/;

let server: TestServer;
let su: PocketBase;
let refusing: Server;
let refusingPort: number;

beforeAll(async () => {
  // the scheduler never ticks here: every run counted is one this test started
  server = await startTestServer({ env: { CRON_INTERVAL: '720h' } });
  su = await server.admin();
  // S3 storage that refuses every upload, so a backup fails
  refusing = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(request.method === 'HEAD' ? 404 : 403, { 'Content-Type': 'application/xml' });
      response.end(request.method === 'HEAD' ? '' : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
    });
  });
  refusingPort = await freePort();
  await new Promise<void>((resolve) => refusing.listen(refusingPort, '127.0.0.1', resolve));
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => refusing?.close(resolve));
});

async function jobRow(job: string): Promise<RecordModel | undefined> {
  const rows = await su.collection('job_runs').getFullList({ filter: su.filter('job = {:job}', { job }) });
  return rows[0];
}

/** Runs the JS job now (as the dashboard's Run does) and waits for its run to be counted. */
async function runJsJob(): Promise<RecordModel> {
  const before = (await jobRow(JS_JOB))?.runs ?? 0;
  await su.send(`/api/crons/${JS_JOB}`, { method: 'POST' });
  await expect.poll(async () => (await jobRow(JS_JOB))?.runs ?? 0, { timeout: 15_000, interval: 100 }).toBe(before + 1);
  return (await jobRow(JS_JOB))!;
}

/** Makes a backup through PocketBase's API (ok, or refused by the storage) and returns the backup row. */
async function runBackup(name: string, ok: boolean): Promise<RecordModel> {
  const made = su.send('/api/backups', { method: 'POST', body: { name } });
  if (ok) await made;
  else await expect(made).rejects.toMatchObject({ status: 400 });
  return (await jobRow('backup'))!;
}

/** A JS job that fails: the table it prunes is not there (renamed), until it is put back. */
async function tombstonesNamed(from: string, to: string): Promise<void> {
  await su.collections.update(from, { name: to });
}

async function backupsTo(s3: boolean): Promise<void> {
  await su.settings.update({
    backups: {
      s3: s3
        ? { enabled: true, endpoint: `http://127.0.0.1:${refusingPort}`, bucket: 'backups', region: 'auto', accessKey: 'key', secret: 'secret', forcePathStyle: true }
        : { enabled: false },
    },
  });
}

/**
 * What a row says after three runs (ok, failed, ok), in terms both writers
 * must agree on; `after` holds the row as it was after each run.
 */
function history(after: RecordModel[]) {
  const [first, failed, last] = after as [RecordModel, RecordModel, RecordModel];
  const dates = after.flatMap((row) => [row.last_started_at, row.last_finished_at, row.created, row.updated]);
  return {
    stored: dates.every((date: string) => STORED_DATE.test(date)),
    id: /^[a-z0-9]{15}$/.test(last.id) && after.every((row) => row.id === last.id),
    first: { runs: first.runs, failures: first.failures, okAtFinish: first.last_ok_at === first.last_finished_at, failedAt: first.last_failed_at, error: first.last_error },
    failed: {
      runs: failed.runs,
      failures: failed.failures,
      okAtKept: failed.last_ok_at === first.last_ok_at,
      failedAtFinish: failed.last_failed_at === failed.last_finished_at,
      errorSaid: failed.last_error !== '',
      startedInOrder: first.last_finished_at <= failed.last_started_at && failed.last_started_at <= failed.last_finished_at,
      retry: failed.retry,
    },
    last: {
      runs: last.runs,
      failures: last.failures,
      okAtFinish: last.last_ok_at === last.last_finished_at,
      failedAtKept: last.last_failed_at === failed.last_failed_at,
      errorKept: last.last_error === failed.last_error,
      retry: last.retry,
    },
    createdAtFirstFinish: after.every((row) => row.created === first.last_finished_at),
    updatedAtLastFinish: after.every((row) => row.updated === row.last_finished_at),
  };
}

/** `retry`: what the failed run said tries again; `okRetry`: what an ok run says (a backup: nothing). */
const expected = (retry: string, okRetry: string) => ({
  stored: true,
  id: true,
  first: { runs: 1, failures: 0, okAtFinish: true, failedAt: '', error: '' },
  failed: { runs: 2, failures: 1, okAtKept: true, failedAtFinish: true, errorSaid: true, startedInOrder: true, retry },
  last: { runs: 3, failures: 1, okAtFinish: true, failedAtKept: true, errorKept: true, retry: okRetry },
  createdAtFirstFinish: true,
  updatedAtLastFinish: true,
});

describe('job_runs', () => {
  it('counts a JS job and a backup the same way: ok, failed, ok again', async () => {
    expect(await jobRow(JS_JOB)).toBeUndefined();
    expect(await jobRow('backup')).toBeUndefined();

    const js = [await runJsJob()];
    await tombstonesNamed('tombstones', 'tombstones_elsewhere');
    try {
      js.push(await runJsJob());
    } finally {
      await tombstonesNamed('tombstones_elsewhere', 'tombstones');
    }
    js.push(await runJsJob());

    const backup = [await runBackup('agree_first.zip', true)];
    await backupsTo(true);
    try {
      backup.push(await runBackup('agree_refused.zip', false));
    } finally {
      await backupsTo(false);
    }
    backup.push(await runBackup('agree_last.zip', true));

    expect(js[1]!.last_error).toContain('tombstones');
    expect(history(js)).toEqual(expected(JS_RETRY, JS_RETRY));
    expect(history(backup)).toEqual(expected(BACKUP_RETRY, ''));
  }, 60_000);
});
