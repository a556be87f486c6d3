// Search params for links into the registration page.

import type { EventPhase } from '@/lib/eventPhase';

/** `/register?waitlist=true`: the registration page in waitlist mode. */
export const WAITLIST_SEARCH = { waitlist: true };

export type RegisterSearch = { event?: string; waitlist?: true };

/**
 * Where the landing's way in goes for the masterclass at page address `event` (its slug, or id)
 * in `phase`: its registration while on sale; its waitlist while sold out or before sales open;
 * otherwise the interest list, which is for no one date. Naming the masterclass keeps the visitor
 * on the one the page showed, even if the featured one changes before they click.
 */
export function registerSearch(phase: EventPhase, event: string): RegisterSearch {
  const named = event ? { event } : {};
  if (phase === 'on_sale') return named;
  if (phase === 'sold_out' || phase === 'scheduled') return { ...named, waitlist: true };
  return { waitlist: true };
}
