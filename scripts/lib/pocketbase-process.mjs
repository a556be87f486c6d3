// Starts and stops a PocketBase process for this project: `npm start`, the
// Vite dev backend and every test suite go through here.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { distDir, hooksDir, migrationsDir, pocketbaseBin } from './paths.mjs';

/** Listens on `port` (0: any the system gives) and closes again; the port, or null when it is taken. */
function probePort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

// Ports for the servers a process starts come from below the system's ephemeral range (32768–60999
// on Linux), which it hands to outgoing connections and to any listen(0): between the check here and
// the server's own bind, no test's client socket and no other process's listen(0) can take the port
// (a server that lost its port to another was mistaken for a healthy one when that other answered).
// Each test worker has a block of its own (Vitest's VITEST_POOL_ID, Playwright's
// TEST_PARALLEL_INDEX), other processes one chosen by their pid, and every port is checked free.
const FIRST_PORT = 20_000;
const BLOCK_SIZE = 400;
const blockOf = () => {
  const vitest = Number.parseInt(process.env.VITEST_POOL_ID ?? '', 10);
  if (Number.isInteger(vitest)) return vitest % 10;
  const playwright = Number.parseInt(process.env.TEST_PARALLEL_INDEX ?? '', 10);
  if (Number.isInteger(playwright)) return 10 + (playwright % 10);
  return 20 + (process.pid % 10);
};
let nextOffset = 0;

export async function freePort() {
  const start = FIRST_PORT + blockOf() * BLOCK_SIZE;
  for (let tries = 0; tries < BLOCK_SIZE; tries += 1) {
    const port = start + (nextOffset % BLOCK_SIZE);
    nextOffset += 1;
    if ((await probePort(port)) !== null) return port;
  }
  return probePort(0);
}

/** Creates or updates a superuser offline; the first call also migrates, under `env` (added to this process's). */
export function upsertSuperuser({ dataDir, email, password, env = {} }) {
  execFileSync(pocketbaseBin, ['superuser', 'upsert', email, password, '--dir', dataDir, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
}

/**
 * Waits until the server answers its health check, and `ours()` says the answer can be this
 * process's (it printed that it listens there): a server that lost its port to another is
 * never mistaken for the one that answers.
 */
async function waitForHealth(url, child, timeoutMs, ours = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited with code ${child.exitCode}`);
    try {
      const response = ours() ? await fetch(`${url}/api/health`) : null;
      if (response?.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PocketBase did not become healthy at ${url} within ${timeoutMs} ms`);
}

/**
 * @param {{ dataDir: string, httpAddr: string, env?: Record<string, string>, publicDir?: string, inheritOutput?: boolean }} options
 */
export async function startPocketBase({ dataDir, httpAddr, env = {}, publicDir = distDir, inheritOutput = false }) {
  // --dev=false: PocketBase guesses dev mode (SQL logging) when its binary sits under the temp dir, as in a clone under /tmp.
  // --hooksPool: more prewarmed JS runtimes than PocketBase's 15: the server
  // lets a third as many API requests run at once (pocketbase/admission.go),
  // each needing up to three; HOOKS_POOL overrides it.
  const args = [
    'serve', '--dev=false', '--http', httpAddr, '--dir', dataDir, '--hooksDir', hooksDir, '--migrationsDir', migrationsDir,
    '--publicDir', publicDir, '--hooksPool', process.env.HOOKS_POOL || env.HOOKS_POOL || '200',
  ];
  const child = spawn(pocketbaseBin, args, {
    env: { ...process.env, APP_URL: `http://${httpAddr}`, ...env },
    stdio: inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  if (!inheritOutput) {
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
  }
  const url = `http://${httpAddr}`;
  try {
    // PocketBase prints "Server started at http://<address>" once it listens there
    await waitForHealth(url, child, 30_000, inheritOutput ? undefined : () => output.includes(`Server started at ${url}`));
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  }
  return {
    url,
    child,
    output: () => output,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}
