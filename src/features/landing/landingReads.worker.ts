// The landing page's reads, run in a worker for the page held as the server sent it
// (./landingBackground.ts): the masterclass, its speakers and the list of masterclasses,
// each kept on the device for use offline (src/pwa/offlineCopy.ts, Dexie). Reading,
// parsing and storing them on the page's own thread were tasks of up to 130 ms on a
// phone-speed CPU (4× slowed down) while the visitor was reading the page.
import { offlineCopiesStored } from '@/pwa/offlineCopy';
import { fetchMasterclassEvent } from './eventRecord';
import type { LandingReads } from './landingReads';
import { fetchMasterclasses } from './nextMasterclass';
import { fetchSpeakers, speakerImageUrl } from './speakers';

const scope = self as unknown as { postMessage(reads: LandingReads): void; addEventListener(type: 'message', listener: () => void): void };

scope.addEventListener('message', () => {
  void (async () => {
    const event = await fetchMasterclassEvent().catch(() => null);
    const speakers = await fetchSpeakers().catch(() => null);
    await fetchMasterclasses().catch(() => null);
    await offlineCopiesStored();
    // The page asks for the photos itself: the service worker keeps what its page asks for.
    const imageUrls = (speakers ?? []).map(speakerImageUrl).filter((url): url is string => url !== null);
    scope.postMessage({ event, imageUrls });
  })();
});
