// Time as the engine sees it, injected so back-off is tested without waiting.

export interface SyncClock {
  now(): number;
  /** Runs `callback` after `ms`; returns a cancel function. */
  setTimer(callback: () => void, ms: number): () => void;
}

export const realClock: SyncClock = {
  now: () => Date.now(),
  setTimer(callback, ms) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};
