// What the sections below the hero show, shared through a small store rather
// than props (./deferredSections.tsx says why). While a section hydrates, React
// reads the state the prerendered markup shows (loading), then the current one.
import { useSyncExternalStore } from 'react';
import type { EventPhase } from '@/lib/eventPhase';
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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The landing page hands its data to the sections below the hero. */
export function publishLowerData(data: LowerData): void {
  if (data.event === current.event && data.phase === current.phase && data.speakers === current.speakers && data.unavailable === current.unavailable && data.texts === current.texts) return;
  current = data;
  for (const listener of listeners) listener();
}

export function useLowerData(): LowerData {
  return useSyncExternalStore(subscribe, () => current, () => LOADING_DATA);
}
