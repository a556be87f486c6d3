// A real S3-compatible server for the backup tests: gofakes3 (an S3 API in Go,
// kept in memory), built from its Go module into the git-ignored .bin/ as
// stripe-mock is (scripts/lib/test-tools.mjs: by `npm test` before any test
// starts, or when missing by a file run by hand), and started on a free port with one bucket.
// PocketBase talks to it with its own S3 client (path-style addresses).
import { spawn } from 'node:child_process';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';
import { ensureGoTool, goToolStartTimeoutMs } from '../../scripts/lib/test-tools.mjs';

/**
 * How long a suite's beforeAll that starts gofakes3 (and its PocketBase) may take on a loaded
 * machine; longer only when a file run by hand has to build gofakes3 first.
 */
export const S3_START_TIMEOUT_MS = goToolStartTimeoutMs('gofakes3');

export interface S3Server {
  /** The endpoint, e.g. http://127.0.0.1:41234 */
  url: string;
  bucket: string;
  /** BACKUP_S3_* for a PocketBase that keeps its backups in this bucket. */
  backupEnv: Record<string, string>;
  /** The keys in the bucket. */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export async function startS3(bucket = 'masterclass-backups'): Promise<S3Server> {
  const bin = ensureGoTool('gofakes3');
  const port = await freePort();
  const child = spawn(bin, ['-backend', 'memory', '-initialbucket', bucket, '-host', `127.0.0.1:${port}`, '-quiet'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

  const keys = async () => {
    const response = await fetch(`${url}/${bucket}?list-type=2`);
    if (!response.ok) throw new Error(`listing the bucket answered ${response.status}: ${await response.text()}`);
    return [...(await response.text()).matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gofakes3 exited:\n${output}`);
    try {
      await keys();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`gofakes3 did not answer at ${url}: ${String(error)}\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    bucket,
    backupEnv: {
      BACKUP_S3_ENDPOINT: url,
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_REGION: 'us-east-1',
      BACKUP_S3_ACCESS_KEY: 'drill-access-key',
      BACKUP_S3_SECRET: 'drill-secret-never-logged',
      BACKUP_S3_FORCE_PATH_STYLE: 'true',
    },
    keys,
    stop,
  };
}
