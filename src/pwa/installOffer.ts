// What the portal's "Install app" entry can offer on this device: the browser's
// own install prompt (Chromium keeps it in a `beforeinstallprompt` event, which
// must be caught when it fires and can be used once), the Share → Add to Home
// Screen steps on iPhone and iPad (Safari fires no such event), or nothing when
// the app already runs installed. Listening starts when this module loads (./serviceWorker.ts, once the page is idle):
// no React here, so the landing page held as the server sent it listens too.

/** Chromium's event; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallOffer = 'prompt' | 'ios-instructions' | null;

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function runsInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPod and iPad (which reports itself as a Mac with a touch screen). */
function isIos(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for the menu entry instead of the browser's own mini-bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    changed();
  });
}

export function offer(): InstallOffer {
  if (installed || runsInstalled()) return null;
  if (deferred) return 'prompt';
  return isIos() ? 'ios-instructions' : null;
}

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};


/** Shows the browser's install prompt; the event can be used once, so the entry goes until the browser offers it again. */
export async function promptInstall(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  changed();
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') {
    installed = true;
    changed();
  }
}
