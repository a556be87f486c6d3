// The event's phase for the landing page (DESIGN decision 17), moved on by a
// timer when a boundary (sales opening, the start, the end) passes while the page is open.
import { useEffect, useState } from 'react';
import { eventPhase, LONGEST_TIMEOUT_MS, msToNextBoundary, type EventPhase, type PhaseSource } from '@/lib/eventPhase';

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
