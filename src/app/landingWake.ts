// The landing page as the server sent it, until it needs the app.
//
// `/` arrives whole: the build prerenders it and the server fills in the featured
// masterclass (pocketbase/landing.go). Its links are plain links and its facts are
// current, so it needs no script to be read or followed. Starting the app on it (React,
// Mantine, the router, hydrating every section) held a phone's main thread for most of
// a second while the visitor was reading. So the app starts when the page needs it:
//
// - the visitor reaches for the page: a touch, a click, a key, a focus, a scroll or a
//   wheel turn;
// - a section whose content the app draws (the speakers, the event's details, the
//   closing call: placeholders in the page as sent) comes near the screen;
// - the page has something the server's markup cannot show: no masterclass in it, a
//   "Next: …" line, a signed-in visitor's header;
// - what the page says has changed (landingBackground.ts, once the page is idle): the
//   server answers differently now, or a phase boundary (sales opening, the start, the
//   end) passes while the page is open;
// - a notice has to be shown (src/pwa/serviceWorker.ts).
//
// The page as sent has links and no buttons (tests/e2e/first-paint.spec.ts checks), so
// no press waits for the app: a link is followed as it is. While the page waits, the footer says
// when the app is ready offline without React, and that line is handed back to React
// just before it hydrates the page (releaseLandingFills).
import { nextIdle, whenIdle } from './deferred';
import { INTENT_EVENTS, LANDING_REACHED } from './landingIntent';
import { isOfflineReady, OFFLINE_READY_TEXT, subscribeOfflineReady } from '@/pwa/offlineReady';



/** The element the server puts the featured masterclass into (src/features/landing/embeddedLanding.ts). */
const LANDING_DATA_ID = 'landing-data';

/** The PocketBase SDK's key for the session it keeps (src/lib/pocketbase.ts). */
const SESSION_KEY = 'pocketbase_auth';

/** The attribute on each section below the hero (src/features/landing/deferredSections.tsx, not imported: it is the app's). */
const LOWER_SECTION_ATTRIBUTE = 'data-lower-section';

/** A loading placeholder (src/features/landing/components/Placeholder.tsx, a Mantine Skeleton). */
const PLACEHOLDER = '.mantine-Skeleton-root';

/** Why the page cannot wait for the visitor, or null when it can be shown as sent. */
export function reasonToStartAtOnce(doc: Document, storage: Pick<Storage, 'getItem'> | null): string | null {
  const data = readJson(doc.getElementById(LANDING_DATA_ID)?.textContent) as { event?: unknown; next?: unknown } | null;
  if (!data || typeof data.event !== 'object' || data.event === null) return 'the page came without a masterclass';
  if (data.next) return 'the page shows the next masterclass';
  // An unreadable session is no session.
  const session = readJson(storage?.getItem(SESSION_KEY)) as { token?: unknown } | null;
  if (session && typeof session.token === 'string' && session.token) return 'a signed-in visitor';
  return null;
}

/** The JSON value in `text`, or null when there is none or it does not parse. */
function readJson(text: string | null | undefined): unknown {
  try {
    const value: unknown = JSON.parse(text ?? 'null');
    return typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** True once React owns the element (its props are on it after hydration). */
export function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

let offlineLine: { element: HTMLElement; style: string | null } | null = null;

/** Shows the footer's offline line the prerendered page keeps empty, while React does not own it. */
function fillOfflineLine(root: HTMLElement) {
  if (offlineLine || !isOfflineReady()) return;
  const element = root.querySelector<HTMLElement>('[data-testid="offline-ready"]');
  if (!element || ownedByReact(element)) return;
  offlineLine = { element, style: element.getAttribute('style') };
  element.textContent = OFFLINE_READY_TEXT;
  element.style.marginTop = 'var(--mantine-spacing-xs)';
}

/** Puts back what this module filled in, so React hydrates the markup the server sent (it fills it in again itself). */
export function releaseLandingFills(): void {
  if (!offlineLine) return;
  const { element, style } = offlineLine;
  element.textContent = '';
  if (style === null) element.removeAttribute('style');
  else element.setAttribute('style', style);
  offlineLine = null;
}

/** Runs each step once the page is idle again after the one before; a step that fails does not stop the next. */
async function inIdleSteps(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await nextIdle();
    await step().catch((error: unknown) => console.warn('A step of the landing page\'s background work failed.', error));
  }
}

/**
 * Keeps the prerendered landing page as sent, and calls `start` (once) when it needs
 * the app; starts the service worker once the page is idle. Returns what starts the app now.
 */
export function holdLandingUntilNeeded(start: () => Promise<unknown>, startServiceWorker: () => Promise<unknown>): () => void {
  const root = document.getElementById('root');
  let woken = false;
  const listening = { capture: true, passive: true } as const;
  const wake = () => {
    if (woken) return;
    woken = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, wake, listening);
    unsubscribeOffline();
    void start();
  };
  const reason = reasonToStartAtOnce(document, safeLocalStorage());
  const unsubscribeOffline = subscribeOfflineReady(() => {
    if (!woken && root) fillOfflineLine(root);
  });
  // Once idle, the service worker and the page's reads, a library at a time: a dynamic
  // import runs a module and everything it imports in one task, so the PocketBase client
  // runs in a task of its own before the modules that use it. The reads themselves run
  // in a worker (src/features/landing/landingBackground.ts).
  whenIdle(() => {
    void inIdleSteps([
      () => import('@/lib/pocketbase'),
      startServiceWorker,
      async () => {
        if (woken) return;
        const { watchLanding } = await import('@/features/landing/landingBackground');
        await watchLanding(wake);
      },
    ]);
  });
  // The sections whose content the app draws (the speakers' cards, the event's details and
  // the closing call: their placeholders are in the page as sent) start it as they near the screen.
  const awaitingApp = [...document.querySelectorAll(`[${LOWER_SECTION_ATTRIBUTE}]`)].filter((section) => section.querySelector(PLACEHOLDER) !== null);
  if (awaitingApp.length > 0 && typeof IntersectionObserver !== 'undefined') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        wake();
      },
      { rootMargin: '400px 0px' },
    );
    for (const section of awaitingApp) observer.observe(section);
  }
  if (reason || (window as unknown as Record<string, unknown>)[LANDING_REACHED] === true) {
    wake();
    return wake;
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, wake, listening);
  return wake;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
