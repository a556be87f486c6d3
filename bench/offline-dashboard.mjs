// Time from an offline reload of /dashboard to its first contentful paint, for a
// signed-in attendee whose service worker is installed: median of 10 reloads.
import { distDir } from '../scripts/lib/paths.mjs';
import { api, startBenchRig } from './lib/browser.mjs';

const RELOADS = 10;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function measureOfflineDashboard({ publicDir = distDir } = {}) {
  const rig = await startBenchRig({ publicDir });
  const { server, browser } = rig;
  try {
    const admin = { token: rig.superuserToken };
    const user = { email: 'bench-attendee@example.com', password: 'bench-attendee-pass', full_name: 'Bench Attendee' };
    await api(`${server.url}/api/collections/users/records`, {
      token: admin.token,
      body: { ...user, passwordConfirm: user.password, role: 'attendee', verified: true },
    });
    const auth = await api(`${server.url}/api/collections/users/auth-with-password`, { body: { identity: user.email, password: user.password } });

    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
    await context.addInitScript((stored) => {
      if (!globalThis.localStorage.getItem('pocketbase_auth')) globalThis.localStorage.setItem('pocketbase_auth', stored);
    }, JSON.stringify({ token: auth.token, record: auth.record }));
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: `Welcome, ${user.full_name}` }).waitFor({ timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    while ((await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state)) !== 'activated') {
      if (Date.now() > deadline) throw new Error('The service worker did not activate');
      await page.waitForTimeout(200);
    }
    // Controlled by the worker from here on (the first visit was not).
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    await context.setOffline(true);
    const samples = [];
    for (let reload = 0; reload < RELOADS; reload += 1) {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Welcome, ${user.full_name}` }).waitFor({ timeout: 30_000 });
      // The paint entry is queued after the frame that painted: wait for it rather than read too soon.
      const fcp = await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, undefined, { timeout: 10_000 })
        .then((handle) => handle.jsonValue(), () => null);
      if (fcp === null) throw new Error('No first contentful paint recorded for the offline reload');
      samples.push(Math.round(fcp));
    }
    await context.close();
    return { route: '/dashboard', reloads: RELOADS, offline: true, medianFirstContentfulPaintMs: median(samples), samplesMs: samples };
  } finally {
    await rig.stop();
  }
}
