// What the first paint of the landing page does not need, loaded later.

let fullStyles: Promise<void> | null = null;

/**
 * Every Mantine component's styles (the first paint carries only those the landing
 * page uses, see firstPaint.css). Layered, like the subset, so loading them later
 * never overrides the app's own styles. Every route but `/` waits for them.
 */
export function loadFullStyles(): Promise<void> {
  fullStyles ??= import('./fullStyles').then(() => undefined);
  return fullStyles;
}

/** Calls `run` once the page has loaded and the main thread is idle; returns a cancel. */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    idleHandle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      else window.clearTimeout(idleHandle);
    }
  };
}

/** Resolves once the page has loaded and the main thread is idle (whenIdle as a promise). */
export function nextIdle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}
