// Keeps the screen on while the door view is open, where the browser has the
// Screen Wake Lock API (the page cannot raise the brightness: the view is
// black on white instead). The browser drops the lock when the page is hidden;
// it is asked for again when the page comes back.
import { useEffect, useState } from 'react';

interface WakeLockSentinelLike {
  released: boolean;
  release: () => Promise<void>;
  addEventListener: (type: 'release', listener: () => void) => void;
}
interface WakeLockLike {
  request: (type: 'screen') => Promise<WakeLockSentinelLike>;
}

export type WakeLockState = 'unsupported' | 'pending' | 'on' | 'refused';

export function useScreenWakeLock(active: boolean): WakeLockState {
  const wakeLock = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
  const [state, setState] = useState<WakeLockState>(wakeLock ? 'pending' : 'unsupported');
  useEffect(() => {
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await wakeLock.request('screen');
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState('on');
        lock.addEventListener('release', () => {
          if (!stopped) setState('pending');
        });
      } catch {
        // refused (battery saver, no user activation, a hidden page): the view works all the same
        if (!stopped) setState('refused');
      }
    };
    void acquire();
    const onVisible = () => void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisible);
      if (sentinel && !sentinel.released) void sentinel.release();
    };
  }, [active, wakeLock]);
  return active ? state : wakeLock ? 'pending' : 'unsupported';
}
