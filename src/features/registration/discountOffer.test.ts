import { describe, expect, it } from 'vitest';
import { discountOfferOf, seatLimitProblem, type DiscountOffer } from './discountOffer';

const offer: DiscountOffer = {
  kind: 'percent', label: 'SPRING20: 20% off each seat', listPriceCents: 49500, discountCents: 9900, unitPriceCents: 39600, currency: 'AUD', minSeats: 2, maxSeats: 5,
};

describe('discountOfferOf', () => {
  it('keeps a discount answer, field by field', () => {
    expect(discountOfferOf({ valid: true, ...offer })).toEqual(offer);
  });

  it('a free code, a broken or tampered answer is no discount', () => {
    expect(discountOfferOf({ valid: true, kind: 'free' })).toBeNull();
    expect(discountOfferOf({ ...offer, unitPriceCents: -1 })).toBeNull();
    expect(discountOfferOf({ ...offer, discountCents: '9900' })).toBeNull();
    expect(discountOfferOf(null)).toBeNull();
  });
});

describe('seatLimitProblem', () => {
  it('says when the attendees do not fit the code', () => {
    expect(seatLimitProblem(offer, 1)).toBe('This code is for orders of at least 2 attendees.');
    expect(seatLimitProblem(offer, 6)).toBe('This code is for orders of at most 5 attendees.');
    expect(seatLimitProblem(offer, 2)).toBeNull();
    expect(seatLimitProblem({ ...offer, minSeats: 0, maxSeats: 0 }, 40)).toBeNull();
  });
});
