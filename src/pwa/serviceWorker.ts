// Registers the service worker and tells the user about it: quietly that the app
// works offline once it is cached (./offlineReady.ts: a footer line and the sync
// details, never a notice), and "New version available" with a Reload button when
// a new build is waiting. An update never reloads a tab on its own: not while it
// waits, and not when Reload pressed in another tab hands the new version control
// of this one (this tab keeps its page and offers Reload again). It also sends the
// contact messages written offline, watches for parts of the app that can no longer
// be loaded, and listens for the browser's install offer.
//
// Started by src/main.tsx once the page is idle, on every page. No React and no
// Mantine here: the landing page stays as the server sent it until it needs the app
// (src/app/landingWake.ts), and the worker, the outbox and the offline line work
// while it does. A notice loads its own code (./pwaNotices.tsx) and first asks the
// app to start, whose notice host then shows it.
import { registerSW } from 'virtual:pwa-register';
import { watchPreloadErrors } from './chunkErrors';
import { startContactOutbox } from './contactOutbox';
import { markOfflineReady } from './offlineReady';
import { scheduleUpdateChecks } from './updateChecks';
import './installOffer';

export interface ServiceWorkerOptions {
  /** Starts the app (once): a notice needs its notice host. */
  startApp: () => Promise<unknown>;
}

let started = false;

export function startServiceWorker({ startApp }: ServiceWorkerOptions): void {
  if (started) return;
  started = true;
  let notices: typeof import('./pwaNotices') | null = null;
  const withNotices = async (show: (module: typeof import('./pwaNotices')) => void) => {
    const [module] = await Promise.all([import('./pwaNotices'), startApp()]);
    notices = module;
    show(module);
  };

  const updateServiceWorker = registerSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      scheduleUpdateChecks(registration);
      // A worker that finished installing before its events were listened to still
      // means the app is cached: an active worker has precached everything.
      void navigator.serviceWorker.ready.then(markOfflineReady);
    },
    onRegisterError(error) {
      console.warn('Service worker registration failed; the app works online only.', error);
    },
    onOfflineReady: markOfflineReady,
    onNeedRefresh() {
      void withNotices((module) => module.showUpdateNotice(() => updateServiceWorker(true)));
    },
    onNeedReload() {
      // Only Reload pressed in this tab may reload it; otherwise it offers Reload again.
      if (notices?.wasReloadRequested()) window.location.reload();
      else void withNotices((module) => module.showUpdateNotice(() => Promise.resolve()));
    },
  });

  watchPreloadErrors(() => void withNotices((module) => module.showChunkMissingNotice()));
  // Contact messages written offline go out from whichever page is open.
  startContactOutbox((result) => void withNotices((module) => module.reportContactOutbox(result)));
}
