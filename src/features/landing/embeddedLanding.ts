// The featured masterclass the server put into the page it sent for `/`
// (pocketbase/landing.go): the public summary and the hero's words, in a
// `<script type="application/json" id="landing-data">` element (data, never run,
// so the Content-Security-Policy is untouched). The app starts from it instead of
// waiting for a request or IndexedDB, and hydrates the hero the server filled in
// with these very words. A page without it (the service worker's stored copy of
// the app, `npm run dev`) reads the event as before.
import { masterclassEventOf, type MasterclassEvent } from './eventRecord';
import type { HeroTexts, HeroView } from './heroView';
import { PHASES, type EventPhase } from '@/lib/eventPhase';

export const LANDING_DATA_ID = 'landing-data';

export interface EmbeddedLanding {
  event: MasterclassEvent;
  /** The hero exactly as the server filled it in (its phase on the server's clock, its words). */
  hero: HeroView;
}

const TEXTS: readonly (keyof HeroTexts)[] = ['city', 'start', 'date', 'day', 'when', 'capacity', 'price', 'seats', 'salesOpen'];

/** The embedded landing data from the element's text, or null when it is missing or not what the server writes. */
export function parseEmbeddedLanding(text: string | null | undefined): EmbeddedLanding | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { event: rawEvent, hero } = value as { event?: unknown; hero?: { phase?: unknown; texts?: Record<string, unknown> } };
  const event = masterclassEventOf(rawEvent);
  if (!event || typeof event.seats_left !== 'number' || !hero || !PHASES.includes(hero.phase as EventPhase) || typeof hero.texts !== 'object' || hero.texts === null) return null;
  const texts = hero.texts;
  if (TEXTS.some((key) => typeof texts[key] !== 'string')) return null;
  return { event, hero: { phase: hero.phase as EventPhase, texts: texts as unknown as HeroTexts, live: true } };
}

let read = false;
let embedded: EmbeddedLanding | null = null;

/**
 * The build's prerender only (src/prerender.tsx): renders the page as if the server had put
 * this hero into it (the event itself is not rendered while hydrating, so none is needed).
 */
export function setEmbeddedLanding(value: { hero: HeroView } | null): void {
  read = true;
  embedded = value ? { event: PRERENDER_EVENT, hero: value.hero } : null;
}

const PRERENDER_EVENT: MasterclassEvent = {
  id: 'prerender',
  title: '',
  starts_at: '',
  ends_at: '',
  timezone: 'UTC',
  location: '',
  venue: '',
  capacity: 0,
  price_cents: 0,
  currency: 'AUD',
  sales_state: 'open',
  seats_left: 0,
};

/** The data the server put into this page, read once (null in the prerender and where the page has none). */
export function embeddedLanding(): EmbeddedLanding | null {
  if (!read && typeof document !== 'undefined') {
    read = true;
    embedded = parseEmbeddedLanding(document.getElementById(LANDING_DATA_ID)?.textContent);
  }
  return embedded;
}
