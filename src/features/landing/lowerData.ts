// What the sections below the hero show, shared through a small store rather
// than props (./deferredSections.tsx says why). While a section hydrates, React
// reads the state the prerendered markup shows (loading), then the current one.
// A new answer reaches the sections as a transition, which React renders in short
// slices: an external store's update would be rendered in one go, and the speakers
// and the event's facts replacing their placeholders were a long task on a phone.
import { startTransition, useEffect, useState } from 'react';
import type { EventPhase } from '@/lib/eventPhase';
import { prerendered } from './deferredSections';
import type { EventUnavailable } from '@/pwa/eventUnavailable';
import type { MasterclassEvent } from './eventRecord';
import type { HeroTexts } from './heroView';
import type { Speaker } from './speakers';
import type { Loadable } from './useLoadable';

export interface LowerData {
  /** null while the event loads */
  event: MasterclassEvent | null;
  /** null while the event loads */
  phase: EventPhase | null;
  speakers: Loadable<Speaker[]>;
  /** Why there is no event to show; null otherwise. */
  unavailable: EventUnavailable | null;
  /** The server's words for this event (its dates in the one format), when the server sent them with the page. */
  texts: HeroTexts | null;
}

/** What the prerendered markup shows: everything loading. */
export const LOADING_DATA: LowerData = { event: null, phase: null, speakers: { status: 'loading' }, unavailable: null, texts: null };

let current: LowerData = LOADING_DATA;

const listeners = new Set<() => void>();

/** The landing page hands its data to the sections below the hero. */
export function publishLowerData(data: LowerData): void {
  if (data.event === current.event && data.phase === current.phase && data.speakers === current.speakers && data.unavailable === current.unavailable && data.texts === current.texts) return;
  current = data;
  for (const listener of listeners) listener();
}

/** Whether the visitor has left the landing page since it was first shown (its sections then render afresh, not over the prerendered markup). */
let landingLeft = false;
export function markLandingLeft(): void {
  landingLeft = true;
}

/**
 * The page's data for one section. A section first rendering over the prerendered markup
 * (in the landing page's first showing, once its code is in) starts from what that markup
 * shows, everything loading, and then takes the current data; shown again later, it starts
 * from the current data. Where the page was not prerendered there is no markup to match.
 */
export function useLowerData(): LowerData {
  const [data, setData] = useState(() => (prerendered && !landingLeft ? LOADING_DATA : current));
  useEffect(() => {
    const update = () => startTransition(() => setData(current));
    listeners.add(update);
    // What was published while this section waited for its code or hydrated.
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return data;
}
