// What a masterclass's own page (`/events/<slug>`) reads: its public summary,
// found by its page address (GET /api/masterclass/event?slug=…), and the
// speakers of the published masterclasses (the page shows its own). Both are
// kept on the device on every online read, so the page opens offline once
// seen; a masterclass the server says is not there is never shown from a copy.
import { ClientResponseError } from 'pocketbase';
import type { EventRow, SpeakerRow } from '@/db';
import { Collections } from '@/lib/collections';
import { pb } from '@/lib/pocketbase';
import { keepFilesForOffline, withOfflineCopy } from '@/pwa/offlineCopy';

/** The masterclass as its page shows it; seats and the checkout mode are absent in nothing the server answers. */
export type EventPageEvent = Pick<
  EventRow,
  'id' | 'title' | 'starts_at' | 'ends_at' | 'timezone' | 'location' | 'venue' | 'capacity' | 'price_cents' | 'currency' | 'sales_state'
> & {
  slug: string;
  seats_left: number;
  /** When sales open ('' when as the sales state says). */
  sales_open_at?: string;
  /** An administrator cancelled the whole masterclass (its phase is then 'cancelled'). */
  cancelled?: boolean;
};

export interface EventPageLoad {
  event: EventPageEvent;
  /** Read from the server now, not a copy kept on the device. */
  live: boolean;
}

/** The server has no published masterclass at this address (or the address is not one). */
export class EventNotFoundError extends Error {
  constructor() {
    super('No published masterclass has this address.');
    this.name = 'EventNotFoundError';
  }
}

/** The page address shape (events.slug): lower-case letters and digits in words joined by hyphens. */
export const SLUG_PATTERN = /^(?=.{1,100}$)[a-z0-9]+(-[a-z0-9]+)*$/;

const FIELDS = ['id', 'slug', 'title', 'starts_at', 'ends_at', 'timezone', 'location', 'venue', 'capacity', 'price_cents', 'currency', 'sales_state', 'seats_left'] as const;

/** The page's event from a stored or received answer, or null when it is not one. */
export function eventPageEventOf(value: unknown): EventPageEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  if (FIELDS.some((field) => source[field] === undefined)) return null;
  if (typeof source.id !== 'string' || typeof source.slug !== 'string' || typeof source.starts_at !== 'string' || typeof source.seats_left !== 'number') return null;
  const event = Object.fromEntries(FIELDS.map((field) => [field, source[field]])) as unknown as EventPageEvent;
  if (typeof source.sales_open_at === 'string') event.sales_open_at = source.sales_open_at;
  if (source.cancelled === true) event.cancelled = true;
  return event;
}

/** The masterclass at `slug`: from the server (kept on the device), else the copy kept; EventNotFoundError when the server says there is none. */
export async function fetchEventPage(slug: string): Promise<EventPageLoad> {
  if (!SLUG_PATTERN.test(slug)) throw new EventNotFoundError();
  let live = false;
  let notFound = false;
  const read = withOfflineCopy(`eventPage:${slug}`, async () => {
    try {
      const answer = eventPageEventOf(await pb.send('/api/masterclass/event', { method: 'GET', query: { slug }, requestKey: null }));
      if (!answer) throw new Error('The masterclass summary lacks its facts.');
      live = true;
      return answer;
    } catch (error) {
      if (error instanceof ClientResponseError && (error.status === 404 || error.status === 400)) notFound = true;
      throw error;
    }
  });
  let event: EventPageEvent;
  try {
    event = await read;
  } catch (error) {
    throw notFound ? new EventNotFoundError() : error;
  }
  // A masterclass unpublished or removed since the copy was kept is not shown from it.
  if (notFound) throw new EventNotFoundError();
  return { event, live };
}

/** A speakers row as the page reads it; the collection fields locate the image file. */
export type EventSpeaker = Pick<SpeakerRow, 'id' | 'event' | 'name' | 'role' | 'organisation' | 'bio' | 'website' | 'image'> & {
  collectionId: string;
  collectionName: string;
};

/**
 * The speakers of every published masterclass, in their order: the same read, and the
 * same copy on the device, as the landing page's, so either page's copy serves the other.
 */
export async function fetchPublishedSpeakers(): Promise<EventSpeaker[]> {
  const speakers = await withOfflineCopy('speakers', () =>
    pb.collection(Collections.speakers).getFullList<EventSpeaker>({ filter: 'event.published = true', sort: 'sort' }),
  );
  keepFilesForOffline(speakers.map(speakerImageUrl).filter((url): url is string => url !== null));
  return speakers;
}

export function speakerImageUrl(speaker: EventSpeaker): string | null {
  return speaker.image ? pb.files.getURL(speaker, speaker.image) : null;
}
