// What the server says a promo code gives (POST /api/masterclass/promo/validate,
// pb_hooks/lib/registration/promo.js): a free registration for one attendee, or
// a discount on each seat of a paid order. The page only shows it; the server
// decides the price again when the registration is sent.
import { pb } from '@/lib/pocketbase';

export interface DiscountOffer {
  kind: 'percent' | 'amount';
  /** "SPRING20: 20% off each seat" */
  label: string;
  listPriceCents: number;
  discountCents: number;
  unitPriceCents: number;
  currency: string;
  /** The fewest and most seats an order with the code may have (0: no limit). */
  minSeats: number;
  maxSeats: number;
}

/** A usable code: a free one (no offer), or a discount. */
export type CodeAnswer = { kind: 'free' } | DiscountOffer;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The discount in a stored or received answer, checked field by field, or null (a free code, or not an answer). */
export function discountOfferOf(value: unknown): DiscountOffer | null {
  if (typeof value !== 'object' || value === null) return null;
  const offer = value as Record<string, unknown>;
  if (offer.kind !== 'percent' && offer.kind !== 'amount') return null;
  if (typeof offer.label !== 'string' || typeof offer.currency !== 'string') return null;
  const counts = ['listPriceCents', 'discountCents', 'unitPriceCents', 'minSeats', 'maxSeats'] as const;
  if (!counts.every((field) => isCount(offer[field]))) return null;
  return {
    kind: offer.kind,
    label: offer.label,
    currency: offer.currency,
    listPriceCents: offer.listPriceCents as number,
    discountCents: offer.discountCents as number,
    unitPriceCents: offer.unitPriceCents as number,
    minSeats: offer.minSeats as number,
    maxSeats: offer.maxSeats as number,
  };
}

/** Checks a code for the masterclass the page shows (the featured one when no id is given). */
export async function checkPromoCode(code: string, eventId?: string): Promise<CodeAnswer> {
  const answer = await pb.send<unknown>('/api/masterclass/promo/validate', { method: 'POST', body: eventId ? { code, event: eventId } : { code } });
  return discountOfferOf(answer) ?? { kind: 'free' };
}

/** Why the order's attendee count does not fit the code's seat limits, or null. */
export function seatLimitProblem(offer: DiscountOffer, seats: number): string | null {
  if (offer.minSeats > 0 && seats < offer.minSeats) return `This code is for orders of at least ${offer.minSeats} attendees.`;
  if (offer.maxSeats > 0 && seats > offer.maxSeats) return `This code is for orders of at most ${offer.maxSeats} ${offer.maxSeats === 1 ? 'attendee' : 'attendees'}.`;
  return null;
}
