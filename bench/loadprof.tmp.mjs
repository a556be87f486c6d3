import { chromium } from 'playwright';
import PocketBase from 'pocketbase';
import { startPocketBase, freePort, upsertSuperuser } from '/work/main/scripts/lib/pocketbase-process.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pbs-'));
const env = { HOOKS_POOL: '16', PASSWORD_HASH_COST: '4', RATE_LIMITS: 'off' };
upsertSuperuser({ dataDir, email: 'su@test.local', password: 'supass12345678', env });
const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${port}`, publicDir: process.env.DIST || '/tmp/e2edist', env });
const url = `http://127.0.0.1:${port}`;
const su = new PocketBase(url); su.autoCancellation(false);
await su.collection('_superusers').authWithPassword('su@test.local', 'supass12345678');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu'] });
const email = `prof@example.com`;
await su.collection('users').create({ email, password: 'pass-12345678', passwordConfirm: 'pass-12345678', role: 'attendee', full_name: 'Prof Person', verified: true });
const c = new PocketBase(url); const auth = await c.collection('users').authWithPassword(email, 'pass-12345678');
const target = process.env.U || '/dashboard';
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', serviceWorkers: 'block' });
  await context.addInitScript((s) => localStorage.setItem('pocketbase_auth', s), JSON.stringify({ token: auth.token, record: auth.record }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start');
  await page.goto(url + target); await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  if (i === 2) writeFileSync('/tmp/load.cpuprofile', JSON.stringify(profile));
  await context.close();
}
await browser.close(); await server.stop(); process.exit(0);
