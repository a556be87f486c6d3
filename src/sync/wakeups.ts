// Moments a sync pass is worth trying besides a queued change: the page
// coming back to the foreground (a phone wakes the tab; the 'online' event
// may have fired while it slept) or regaining focus, and a steady interval
// while the page is visible (a connection that returned without any event,
// a change missed by a realtime channel that silently died). The online
// event and realtime reconnects are followed by connectivity.ts and
// realtimeLink.ts.

export type WakeupReason = 'visible' | 'interval';

export interface Wakeups {
  /** Calls back on every wake-up; returns an unsubscribe. */
  subscribe(onWake: (reason: WakeupReason) => void): () => void;
}

/** How often a visible page syncs with nothing else happening. */
export const SYNC_INTERVAL_MS = 60_000;

export interface WakeupPage {
  window: EventTarget;
  document: EventTarget & { visibilityState: DocumentVisibilityState };
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: never): void;
}

export function domWakeups(page: WakeupPage, intervalMs = SYNC_INTERVAL_MS): Wakeups {
  return {
    subscribe(onWake) {
      const visible = () => page.document.visibilityState === 'visible';
      const onVisibility = () => {
        if (visible()) onWake('visible');
      };
      const onFocus = () => onWake('visible');
      page.document.addEventListener('visibilitychange', onVisibility);
      page.window.addEventListener('focus', onFocus);
      const handle = page.setInterval(() => {
        if (visible()) onWake('interval');
      }, intervalMs);
      return () => {
        page.document.removeEventListener('visibilitychange', onVisibility);
        page.window.removeEventListener('focus', onFocus);
        page.clearInterval(handle as never);
      };
    },
  };
}

/** The browser's wake-ups; none in Node (tests drive the engine themselves). */
export const browserWakeups: Wakeups = typeof window === 'undefined' || typeof document === 'undefined'
  ? { subscribe: () => () => {} }
  : domWakeups({
    window,
    document,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle),
  });
