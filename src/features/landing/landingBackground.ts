// What the landing page held as the server sent it (src/app/landingWake.ts) does
// once it is idle: the reads the app makes on it, so the device keeps the
// masterclass, its speakers (and their photos) and the list of masterclasses for use
// offline, and a check that the page still says what is true. The app starts when
// it would show something else: the server answers differently now (the page came
// from the service worker's store, or seats sold since), or a phase boundary (sales
// opening, the start, the end) has passed or passes while the page is open.
import { eventPhase, LONGEST_TIMEOUT_MS, msToNextBoundary } from '@/lib/eventPhase';
import { embeddedLanding } from './embeddedLanding';
import { fetchMasterclassEvent, type MasterclassEvent } from './eventRecord';
import { fetchMasterclasses } from './nextMasterclass';
import { fetchSpeakers } from './speakers';

/** True when the two are the same masterclass with the same facts (both read through masterclassEventOf). */
export function sameEvent(a: MasterclassEvent, b: MasterclassEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
  const [event] = await Promise.allSettled([fetchMasterclassEvent(), fetchSpeakers(), fetchMasterclasses()]);
  // A copy kept on the device (no connection) never replaces what the server put into the page.
  if (event.status === 'fulfilled' && event.value.live && !sameEvent(event.value.event, embedded.event)) wake();
}
