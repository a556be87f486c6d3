// First: settings the page's Content-Security-Policy needs before any other module runs.
import './app/noEval';
import './app/firstPaint.css';
import './global.css';
// After the app's own global styles, where MantineProvider's style elements used to come.
import 'virtual:mantine-theme.css';
import { captureUtmParams } from '@/lib/utm';
import { whenIdle } from './app/deferred';
import { holdLandingUntilNeeded, releaseLandingFills } from './app/landingWake';
import { isPrerenderedLocation } from './app/prerendered';

captureUtmParams(window.location.search);

const container = document.getElementById('root')!;

let started: Promise<void> | null = null;

/** Starts the app, once: React, the router, and the page rendered (or the landing page hydrated). */
function startApp(): Promise<void> {
  started ??= import('./app/startApp').then(({ startApp: start }) => start(container, releaseLandingFills));
  return started;
}

/** What starts the app for a notice: on the held landing page, the same wake as the visitor's (it stops filling in the page). */
let startForNotice: () => Promise<void> = startApp;

const startServiceWorker = () => import('@/pwa/serviceWorker').then(({ startServiceWorker: start }) => start({ startApp: () => startForNotice() }));

// The landing page arrives whole from the server (prerendered, its facts filled in by
// pocketbase/landing.go) and works as sent: its links are plain links. It stays as sent,
// with no React and none of the app's modules run, until the visitor reaches for it or it
// has something new to show (./app/landingWake.ts). Every other page starts the app at once.
// The service worker, the contact outbox and the install offer start on every page once it is idle.
if (container.firstElementChild !== null && isPrerenderedLocation(window.location)) {
  const wake = holdLandingUntilNeeded(startApp, startServiceWorker);
  startForNotice = () => {
    wake();
    return startApp();
  };
} else {
  void startApp();
  whenIdle(() => void startServiceWorker());
}
