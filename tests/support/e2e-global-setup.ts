// Builds the PWA when needed, starts one PocketBase for the browser journeys
// and hands its address and superuser to the test workers through env.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startTestServer } from './pocketbase';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(root, 'dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  }
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SUPERUSER_EMAIL = server.superuser.email;
  process.env.E2E_SUPERUSER_PASSWORD = server.superuser.password;
  return async () => {
    await server.stop();
  };
}
