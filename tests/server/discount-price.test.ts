// The price maths of promo codes (pb_hooks/lib/registration/discount.js, the
// server's own file, loaded as the hooks load it; no server): percent off rounds the discount to the
// cent, half up; an amount never takes a seat below 0; every seat of an order
// costs the same, total = unit × seats.
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

interface Terms { code?: string; kind: string; percentOff?: number; amountOffCents?: number; minSeats?: number; maxSeats?: number }
interface Discount {
  MIN_PAID_SEAT_CENTS: number;
  termsOf: (code: Record<string, unknown>) => Required<Terms>;
  discountPerSeat: (terms: Terms, priceCents: number) => number;
  orderPrice: (terms: Terms | null, priceCents: number, seats: number) => { listPriceCents: number; discountCents: number; unitPriceCents: number; totalCents: number };
  describe: (terms: Required<Terms>, money: (cents: number) => string) => string;
  termsProblem: (terms: Required<Terms>, priceCents: number, money: (cents: number) => string) => { field: string; code: string; message: string } | null;
}

const discount = loadHookModule<Discount>('registration/discount');
const aud = (cents: number) => `AUD ${(cents / 100).toFixed(2)}`;

describe('discountPerSeat', () => {
  it('percent off: rounded to the cent, half up', () => {
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 20 }, 49500)).toBe(9900);
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 15 }, 49500)).toBe(7425);
    // 0.5 cent and above goes up, below goes down
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 50 }, 5)).toBe(3); // 2.5 → 3
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 10 }, 1234)).toBe(123); // 123.4 → 123
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 10 }, 1235)).toBe(124); // 123.5 → 124
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 33 }, 49999)).toBe(16500); // 16499.67 → 16500
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 1 }, 49)).toBe(0); // 0.49 → 0
  });

  it('never more than the price: a seat never goes below 0', () => {
    expect(discount.discountPerSeat({ kind: 'amount', amountOffCents: 60000 }, 49500)).toBe(49500);
    expect(discount.discountPerSeat({ kind: 'percent', percentOff: 250 }, 49500)).toBe(49500);
    expect(discount.discountPerSeat({ kind: 'amount', amountOffCents: -100 }, 49500)).toBe(0);
    expect(discount.orderPrice({ kind: 'amount', amountOffCents: 60000 }, 49500, 3)).toEqual({ listPriceCents: 49500, discountCents: 49500, unitPriceCents: 0, totalCents: 0 });
  });

  it('a free code takes the whole price', () => {
    expect(discount.discountPerSeat({ kind: 'free' }, 49500)).toBe(49500);
  });
});

describe('orderPrice', () => {
  it('the same price for every seat; total = unit × seats', () => {
    expect(discount.orderPrice({ kind: 'percent', percentOff: 20 }, 49500, 2)).toEqual({ listPriceCents: 49500, discountCents: 9900, unitPriceCents: 39600, totalCents: 79200 });
    expect(discount.orderPrice({ kind: 'amount', amountOffCents: 12345 }, 49500, 3)).toEqual({ listPriceCents: 49500, discountCents: 12345, unitPriceCents: 37155, totalCents: 111465 });
    expect(discount.orderPrice(null, 49500, 4)).toEqual({ listPriceCents: 49500, discountCents: 0, unitPriceCents: 49500, totalCents: 198000 });
  });
});

describe('termsOf and describe', () => {
  it('an empty or unknown kind is a free code; only the kind\'s own amount counts', () => {
    expect(discount.termsOf({ code: 'old', kind: '' })).toMatchObject({ kind: 'free', percentOff: 0, amountOffCents: 0 });
    expect(discount.termsOf({ code: 'x', kind: 'percent', percent_off: 20, amount_off_cents: 500 })).toMatchObject({ kind: 'percent', percentOff: 20, amountOffCents: 0 });
  });

  it('names what the code gives', () => {
    expect(discount.describe(discount.termsOf({ code: 'spring20', kind: 'percent', percent_off: 20 }), aud)).toBe('SPRING20: 20% off each seat');
    expect(discount.describe(discount.termsOf({ code: 'team50', kind: 'amount', amount_off_cents: 5000 }), aud)).toBe('TEAM50: AUD 50.00 off each seat');
    expect(discount.describe(discount.termsOf({ code: 'CHAMPION2025', kind: 'free' }), aud)).toBe('CHAMPION2025: free registration');
  });
});

describe('termsProblem', () => {
  const problem = (code: Record<string, unknown>, price = 49500) => discount.termsProblem(discount.termsOf(code), price, aud)?.code ?? null;
  it('percent 1 to 99; an amount leaving the smallest card payment; most seats not below fewest', () => {
    expect(problem({ kind: 'percent', percent_off: 0 })).toBe('percent_invalid');
    expect(problem({ kind: 'percent', percent_off: 100 })).toBe('percent_invalid');
    expect(problem({ kind: 'percent', percent_off: 99 })).toBeNull();
    expect(problem({ kind: 'amount', amount_off_cents: 0 })).toBe('amount_invalid');
    expect(problem({ kind: 'amount', amount_off_cents: 49500 - discount.MIN_PAID_SEAT_CENTS })).toBeNull();
    expect(problem({ kind: 'amount', amount_off_cents: 49500 - discount.MIN_PAID_SEAT_CENTS + 1 })).toBe('amount_too_large');
    expect(problem({ kind: 'percent', percent_off: 10, min_seats: 3, max_seats: 2 })).toBe('max_below_min');
    expect(problem({ kind: 'percent', percent_off: 10, min_seats: 3, max_seats: 0 })).toBeNull();
  });
});
