/// <reference path="../../../pb_data/types.d.ts" />
// What a promo code gives, in whole cents. Pure arithmetic: no database and no
// hooks globals, so the unit tests load this file as it is
// (tests/server/discount-price.test.ts).
//
// - free: a free registration for one attendee (the spec's promo code);
// - percent: percent_off (1-99) off each seat, the discount rounded to the
//   cent, half up (495.00 at 15 % off: 74.25; 0.05 at 50 %: 0.03);
// - amount: amount_off_cents off each seat.
// Every seat of an order costs the same: the discount applies per seat and
// the total is the unit price × seats. A price never goes below 0; a paid
// order's seat never below MIN_PAID_SEAT_CENTS, the smallest card payment
// Stripe takes in AUD (a code that would go lower is refused, not charged
// as 0: a 100 % discount is a free code).

const KINDS = ["free", "percent", "amount"];
const MIN_PAID_SEAT_CENTS = 50;

/**
 * A code's terms from its record (or a plain object with the same fields).
 * An empty kind is a free code (codes made before discounts, or elsewhere).
 * @param {any} code a promo_codes record or plain object
 */
function termsOf(code) {
  const read = (name) => (code && typeof code.get === "function" ? code.get(name) : code ? code[name] : undefined);
  const kind = KINDS.includes(read("kind")) ? read("kind") : "free";
  const whole = (value) => (typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0);
  return {
    code: String(read("code") || ""),
    kind,
    percentOff: kind === "percent" ? whole(read("percent_off")) : 0,
    amountOffCents: kind === "amount" ? whole(read("amount_off_cents")) : 0,
    minSeats: whole(read("min_seats")),
    maxSeats: whole(read("max_seats")),
  };
}

/**
 * The discount on one seat at this price, in cents: never more than the price.
 * @param {{kind: string, percentOff?: number, amountOffCents?: number}} terms
 * @param {number} priceCents the seat's price before the discount, GST included
 */
function discountPerSeat(terms, priceCents) {
  const price = Math.max(0, Math.trunc(priceCents) || 0);
  if (terms.kind === "free") return price;
  if (terms.kind === "percent") {
    const percent = Math.min(100, Math.max(0, Math.trunc(terms.percentOff) || 0));
    // Half up in whole numbers: (price × percent) / 100, + 0.5, floored.
    return Math.min(price, Math.floor((price * percent + 50) / 100));
  }
  if (terms.kind === "amount") return Math.min(price, Math.max(0, Math.trunc(terms.amountOffCents) || 0));
  return 0;
}

/**
 * One seat's price before and after the code, and the order's total.
 * @param {{kind: string, percentOff?: number, amountOffCents?: number} | null} terms null: no code
 * @param {number} priceCents
 * @param {number} seats
 */
function orderPrice(terms, priceCents, seats) {
  const listPriceCents = Math.max(0, Math.trunc(priceCents) || 0);
  const discountCents = terms ? discountPerSeat(terms, listPriceCents) : 0;
  const unitPriceCents = Math.max(0, listPriceCents - discountCents);
  return { listPriceCents, discountCents, unitPriceCents, totalCents: unitPriceCents * seats };
}

/**
 * What the code gives, in words for the checkout, the invoice and the page:
 * "SPRING20: 20% off each seat", "TEAM50: $50.00 off each seat",
 * "CHAMPION2025: free registration".
 * @param {ReturnType<typeof termsOf>} terms
 * @param {(cents: number) => string} money formats an amount in the order's currency
 */
function describe(terms, money) {
  const name = terms.code.toUpperCase();
  if (terms.kind === "percent") return `${name}: ${terms.percentOff}% off each seat`;
  if (terms.kind === "amount") return `${name}: ${money(terms.amountOffCents)} off each seat`;
  return `${name}: free registration`;
}

/**
 * Why these terms are not a code an administrator may save, as {field, message}, or null.
 * `priceCents` is the event's price now: an amount must leave a payable seat.
 */
function termsProblem(terms, priceCents, money) {
  if (terms.kind === "percent" && !(terms.percentOff >= 1 && terms.percentOff <= 99)) {
    return { field: "percent_off", code: "percent_invalid", message: "Percent off must be a whole number from 1 to 99. For a free seat, create a free code." };
  }
  if (terms.kind === "amount") {
    if (!(terms.amountOffCents >= 1)) return { field: "amount_off_cents", code: "amount_invalid", message: "Amount off must be at least $0.01." };
    if (priceCents - terms.amountOffCents < MIN_PAID_SEAT_CENTS) {
      return {
        field: "amount_off_cents",
        code: "amount_too_large",
        message: `Amount off must leave at least ${money(MIN_PAID_SEAT_CENTS)} of the seat price (${money(priceCents)}). For a free seat, create a free code.`,
      };
    }
  }
  if (terms.minSeats > 0 && terms.maxSeats > 0 && terms.maxSeats < terms.minSeats) {
    return { field: "max_seats", code: "max_below_min", message: "Most seats per order cannot be fewer than the fewest." };
  }
  return null;
}

module.exports = { KINDS, MIN_PAID_SEAT_CENTS, termsOf, discountPerSeat, orderPrice, describe, termsProblem };
