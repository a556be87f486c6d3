// The event's phase for the landing page (DESIGN decision 17), moved on by a
// timer when a boundary (sales opening, the start, the end) passes while the page is open.
import { useEffect, useState } from 'react';
import { eventPhase, type EventPhase, type PhaseSource } from '@/lib/eventPhase';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';

// Browsers run a longer timeout at once; a boundary further off is re-checked then.
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** The next sales opening, start or end after `now`, in ms from now, or null when all have passed. */
function msToNextBoundary(event: PhaseSource, now: number): number | null {
  const ahead = [event.sales_open_at ?? '', event.starts_at, event.ends_at]
    .map((value) => parsePocketBaseDate(value).getTime() - now)
    .filter((ms) => ms > 0);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}

/** null while the event record loads. */
export function useEventPhase(event: PhaseSource | null): EventPhase | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!event) return;
    const wait = msToNextBoundary(event, Date.now());
    if (wait === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 1, LONGEST_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [event, now]);
  return event ? eventPhase(event, new Date(now)) : null;
}
