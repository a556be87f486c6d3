// Debian's Chromium, launched without any network of its own. The journeys prefer Debian's
// chromium-headless-shell (the same engine without the windowing browser around it): on the
// 2-core runner it spends about a quarter less CPU per journey than the full browser, and the
// browser journeys are most of npm test's CPU. The full /usr/bin/chromium is the fallback, and
// the benchmarks keep it (they measure what a visitor's browser does).
// The paths are found in scripts/lib/test-tools.mjs, which npm test's preparation checks too.
import { chromiumPaths, HEADLESS_SHELL } from '../../scripts/lib/test-tools.mjs';

export { HEADLESS_SHELL };
export const chromiumPath = chromiumPaths().journeys;

/**
 * For the journeys that film a ticket: the headless shell has no camera capture, so a fake
 * camera (--use-fake-device-for-media-stream) needs the full browser.
 */
export const cameraChromiumPath = chromiumPaths().camera;

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
