// Which masterclass the site features among the published ones: the one still
// to come or under way that starts first, else the one that started last (the
// last masterclass). The server applies the same rule
// (pb_hooks/lib/events/summary.js featuredEvent) to every route that takes
// "the event"; the landing applies it to the published events it reads, on
// the page's own clock. Small and dependency-free: the landing loads it.
import { parsePocketBaseDate } from './pocketbaseDate';

export interface FeaturedCandidate {
  id: string;
  starts_at: string;
  ends_at: string;
  created?: string;
}

const time = (value: string | undefined) => parsePocketBaseDate(value ?? '').getTime();

/** The featured event among `events` (published ones only) at `now`, or null when there are none. */
export function featuredEvent<T extends FeaturedCandidate>(events: readonly T[], now: Date): T | null {
  const at = now.getTime();
  const byStart = [...events].sort((a, b) => time(a.starts_at) - time(b.starts_at) || (a.created ?? '').localeCompare(b.created ?? '') || a.id.localeCompare(b.id));
  const coming = byStart.find((event) => time(event.ends_at) > at);
  return coming ?? byStart[byStart.length - 1] ?? null;
}
