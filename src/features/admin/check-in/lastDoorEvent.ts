// The masterclass the door last worked on, on this device (localStorage): when
// the door opens offline it is the one chosen if its list is here, and as the
// page loads afresh its counts are read ahead on the guess that the door shows
// it again (shell/adminPrefetch.ts; the guess only picks what to read early:
// the door still works on the address's masterclass or the server's featured one).
const LAST_EVENT_KEY = 'door_event';

export function readLastDoorEvent(): string | null {
  try {
    return window.localStorage.getItem(LAST_EVENT_KEY);
  } catch {
    return null;
  }
}

export function rememberLastDoorEvent(eventId: string): void {
  try {
    window.localStorage.setItem(LAST_EVENT_KEY, eventId);
  } catch {
    // Storage off: the featured masterclass is chosen next time.
  }
}
