// Starts and stops a PocketBase process for this project: `npm start`, the
// Vite dev backend and every test suite go through here.
import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { placeHookPackages } from './hook-packages.mjs';
import { distDir, hooksDir, migrationsDir, pocketbaseBin } from './paths.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Creates or updates a superuser offline; the first call also migrates, under `env` (added to this process's). */
export function upsertSuperuser({ dataDir, email, password, env = {} }) {
  placeHookPackages();
  execFileSync(pocketbaseBin, ['superuser', 'upsert', email, password, '--dir', dataDir, '--migrationsDir', migrationsDir, '--hooksDir', hooksDir], {
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`PocketBase exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
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
  placeHookPackages();
  // --dev=false: PocketBase guesses dev mode (SQL logging) when its binary sits under the temp dir, as in a clone under /tmp.
  // --hooksPool: more prewarmed JS runtimes than PocketBase's 15, so requests
  // waiting for the database writer do not also queue for a runtime (see
  // bench/results/registration-ratio.json); HOOKS_POOL overrides it.
  const args = [
    'serve', '--dev=false', '--http', httpAddr, '--dir', dataDir, '--hooksDir', hooksDir, '--migrationsDir', migrationsDir,
    '--publicDir', publicDir, '--hooksPool', process.env.HOOKS_POOL || env.HOOKS_POOL || '50',
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
    await waitForHealth(url, child, 30_000);
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
