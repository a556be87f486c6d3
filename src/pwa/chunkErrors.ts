// A lazily loaded part of the app (a route's chunk, its CSS) that can no longer
// be fetched: after a deploy removed the old files, or with no connection to a
// file never stored. The page offers a reload instead of going blank.

const CHUNK_ERROR_MESSAGES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR_MESSAGES.some((start) => error.message.startsWith(start));
}

/** How many in-page reload offers are showing (the router's error view counts itself). */
let inPageOffers = 0;

export function countInPageOffer(): () => void {
  inPageOffers += 1;
  return () => {
    inPageOffers -= 1;
  };
}

/** How many loads nobody asked for (the admin's idle preloading) are under way: their failures offer nothing. */
let backgroundLoads = 0;

/**
 * Runs a load made ahead of need: a chunk it cannot fetch (offline, say) raises no reload
 * offer, since the navigation that needs the chunk loads it again and says so itself.
 */
export async function inBackground<T>(load: () => Promise<T>): Promise<T> {
  backgroundLoads += 1;
  try {
    return await load();
  } finally {
    backgroundLoads -= 1;
  }
}

/**
 * Calls `offer` when Vite reports a chunk or stylesheet it could not preload
 * (`vite:preloadError`), unless the page already shows its own reload offer.
 * The error still reaches the page (no preventDefault), so a route shows its
 * error view. Returns the function that stops listening.
 */
export function watchPreloadErrors(offer: () => void, settleMs = 400): () => void {
  let timer: number | undefined;
  const onPreloadError = (event: Event) => {
    console.warn('A part of the app could not be loaded', (event as Event & { payload?: unknown }).payload);
    // Offline, a file the device never stored cannot load: no newer version is out, and a reload
    // would not help. A load made ahead of need (the admin's idle loading, the router's preload of a
    // link under the pointer) is tried again by the navigation that needs it, whose own view says why
    // it cannot show.
    if (backgroundLoads > 0 || navigator.onLine === false) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      if (inPageOffers === 0) offer();
    }, settleMs);
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
