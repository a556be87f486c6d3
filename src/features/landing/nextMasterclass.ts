// A series of masterclasses on the landing page: beside the featured
// masterclass (on sale too, or sold out, closed, sales not open yet, under
// way), the soonest other published one with seats on sale, as "Next: Wednesday 10 March 2027 —
// Register". The server says which in the page it sends (`next` in the
// landing data, pb_hooks/lib/events/landing.js); the page reads the list of
// masterclasses (GET /api/masterclass/events, kept on the device) once idle
// and says it again from there, so a masterclass opened or sold out since
// shows without a reload.
import { formatWeekdayDate } from '@/lib/eventWhen';
import { pb } from '@/lib/pocketbase';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { withOfflineCopy } from '@/pwa/offlineCopy';
import { LANDING_DATA_ID } from './embeddedLanding';

/** The masterclass the line names: its page address and its date as said ('Wednesday 10 March 2027'). */
export interface NextMasterclass {
  id: string;
  slug: string;
  date: string;
}

/** A masterclass as GET /api/masterclass/events lists it (the fields this line reads). */
export interface ListedMasterclass {
  id: string;
  slug: string;
  starts_at: string;
  timezone: string;
  /** Seats can be bought now: open, sales opened, before the start, a seat left. */
  on_sale: boolean;
}

const isListed = (value: unknown): value is ListedMasterclass => {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.id === 'string' && typeof row.slug === 'string' && !!row.slug && typeof row.starts_at === 'string' && typeof row.timezone === 'string' && typeof row.on_sale === 'boolean';
};

/** The published masterclasses still to come, soonest first (kept on the device; the stored copy offline). */
export async function fetchMasterclasses(): Promise<ListedMasterclass[]> {
  return withOfflineCopy('events', async () => {
    const answer = await pb.send<{ events?: unknown }>('/api/masterclass/events', { method: 'GET', requestKey: null });
    return Array.isArray(answer.events) ? answer.events.filter(isListed) : [];
  });
}

/** The soonest masterclass on sale other than the featured one (on sale itself or not), or null. */
export function nextFromList(list: readonly ListedMasterclass[], featuredId: string): NextMasterclass | null {
  const next = list.find((event) => event.on_sale && event.id !== featuredId);
  if (!next) return null;
  const start = parsePocketBaseDate(next.starts_at);
  if (Number.isNaN(start.getTime())) return null;
  return { id: next.id, slug: next.slug, date: formatWeekdayDate(start, next.timezone) };
}

/** The `next` the server put into the landing data, or null. */
export function parseEmbeddedNext(text: string | null | undefined): NextMasterclass | null {
  if (!text) return null;
  try {
    const next = (JSON.parse(text) as { next?: unknown }).next as Record<string, unknown> | null | undefined;
    if (!next || typeof next.id !== 'string' || typeof next.slug !== 'string' || !next.slug || typeof next.date !== 'string') return null;
    return { id: next.id, slug: next.slug, date: next.date };
  } catch {
    return null;
  }
}

let embeddedNext: NextMasterclass | null | undefined;

/** The server's `next` for this page, read once. */
export function embeddedNextMasterclass(): NextMasterclass | null {
  if (embeddedNext === undefined) embeddedNext = typeof document === 'undefined' ? null : parseEmbeddedNext(document.getElementById(LANDING_DATA_ID)?.textContent);
  return embeddedNext;
}
