// Builds the PWA when needed, starts one PocketBase for the browser journeys
// and hands its address and superuser to the test workers through env.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LIMITS_RAISED, startTestServer } from './pocketbase';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..');
  // `npm test` builds the app while the server tests run and hands the directory over (E2E_DIST_DIR);
  // E2E_SKIP_BUILD serves an existing dist/.
  const given = process.env.E2E_DIST_DIR ?? (process.env.E2E_SKIP_BUILD ? path.join(root, 'dist') : '');
  const reuseDist = given !== '' && existsSync(path.join(given, 'index.html'));
  // Each run builds into its own directory: a run must not empty the dist/ that
  // another run in the same checkout is serving.
  const publicDir = reuseDist ? given : mkdtempSync(path.join(os.tmpdir(), 'masterclass-dist-'));
  if (!reuseDist) {
    execFileSync('npm', ['run', 'build', '--silent', '--', '--outDir', publicDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  }
  // Many journeys register and sign in from this one address: limits raised explicitly.
  const server = await startTestServer({ publicDir, env: LIMITS_RAISED });
  process.env.E2E_BASE_URL = server.url;
  // for a journey that serves the app from its own server (e.g. with every limit on)
  process.env.E2E_PUBLIC_DIR = publicDir;
  process.env.E2E_SUPERUSER_EMAIL = server.superuser.email;
  process.env.E2E_SUPERUSER_PASSWORD = server.superuser.password;
  return async () => {
    await server.stop();
    if (!reuseDist) rmSync(publicDir, { recursive: true, force: true });
  };
}
