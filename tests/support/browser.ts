// Debian's Chromium, launched without any network of its own. The journeys prefer Debian's
// chromium-headless-shell (the same engine without the windowing browser around it): on the
// 2-core runner it spends about a quarter less CPU per journey than the full browser, and the
// browser journeys are most of npm test's CPU. The full /usr/bin/chromium is the fallback, and
// the benchmarks keep it (they measure what a visitor's browser does).
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * For the journeys that film a ticket: the headless shell has no camera capture, so a fake
 * camera (--use-fake-device-for-media-stream) needs the full browser.
 */
export const cameraChromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
