// Whether the device believes it is online. navigator.onLine is only a hint
// (a captive portal says "online"), so it gates attempts, and real failures
// still go through back-off. Node (tests, SSR) has neither, so: always online.

export interface Connectivity {
  isOnline(): boolean;
  /** Calls back on every online/offline switch; returns an unsubscribe. */
  subscribe(onChange: (online: boolean) => void): () => void;
}

export const browserConnectivity: Connectivity = {
  isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
  subscribe(onChange) {
    if (typeof window === 'undefined') return () => {};
    const online = () => onChange(true);
    const offline = () => onChange(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
