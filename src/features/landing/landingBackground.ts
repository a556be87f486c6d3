// What the landing page held as the server sent it (src/app/landingWake.ts) does
// once it is idle: the reads the app makes on it, so the device keeps the
// masterclass, its speakers (and their photos) and the list of masterclasses for use
// offline, and a check that the page still says what is true. The app starts when
// it would show something else: the server answers differently now (the page came
// from the service worker's store, or seats sold since), or a phase boundary (sales
// opening, the start, the end) has passed or passes while the page is open.
// The reads run in a worker (./landingReads.worker.ts); where one cannot start, here,
// one at a time, each once the page is idle again.
import { nextIdle } from '@/app/deferred';
import { eventPhase, LONGEST_TIMEOUT_MS, msToNextBoundary } from '@/lib/eventPhase';
import { keepFilesForOffline } from '@/pwa/offlineCopy';
import { embeddedLanding } from './embeddedLanding';
import type { MasterclassEvent } from './eventRecord';
import type { LandingReads } from './landingReads';

/** True when the two are the same masterclass with the same facts (both read through masterclassEventOf). */
export function sameEvent(a: MasterclassEvent, b: MasterclassEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The reads in a worker; null when no worker could run them. */
function readInWorker(): Promise<LandingReads | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./landingReads.worker.ts', import.meta.url), { type: 'module', name: 'landing-reads' });
    } catch {
      resolve(null);
      return;
    }
    const finish = (reads: LandingReads | null) => {
      worker.terminate();
      resolve(reads);
    };
    worker.addEventListener('message', (message: MessageEvent<LandingReads>) => finish(message.data));
    worker.addEventListener('error', () => finish(null));
    worker.postMessage('read');
  });
}

/** The same reads on this thread, one at a time, each once the page is idle again. */
async function readHere(): Promise<LandingReads> {
  const { fetchMasterclassEvent } = await import('./eventRecord');
  const event = await fetchMasterclassEvent().catch(() => null);
  await nextIdle();
  const { fetchSpeakers } = await import('./speakers');
  await fetchSpeakers().catch(() => null);
  await nextIdle();
  const { fetchMasterclasses } = await import('./nextMasterclass');
  await fetchMasterclasses().catch(() => null);
  return { event, imageUrls: [] };
}

/** Calls `wake` when the page should show something other than what the server put into it. */
export async function watchLanding(wake: () => void, now: () => number = Date.now): Promise<void> {
  const embedded = embeddedLanding();
  if (!embedded) {
    wake();
    return;
  }
  // The server's clock named the phase; this device's may be past a boundary already.
  if (eventPhase(embedded.event, new Date(now())) !== embedded.hero.phase) {
    wake();
    return;
  }
  const wait = msToNextBoundary(embedded.event, now());
  if (wait !== null && wait < LONGEST_TIMEOUT_MS) window.setTimeout(wake, wait + 1);
  const reads = (await readInWorker()) ?? (await readHere());
  keepFilesForOffline(reads.imageUrls);
  // A copy kept on the device (no connection) never replaces what the server put into the page.
  if (reads.event?.live && !sameEvent(reads.event.event, embedded.event)) wake();
}
