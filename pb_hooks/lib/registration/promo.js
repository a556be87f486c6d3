/// <reference path="../../../pb_data/types.d.ts" />
// Promo codes: matched case-insensitively, usable while active, unexpired and
// with uses left, for the masterclass they belong to. Never sent to a browser
// (the validate route answers only what a code gives). What a code gives is
// worked out in lib/registration/discount.js: a free code (kind free, or
// empty) gives a free registration for one attendee, in promo mode; a
// percent or amount code a discount on each seat of a paid order, within its
// fewest and most seats per order.
//
// Uses count seats: a free code's registration is one seat, one use; a
// discount code on an order of 3 seats takes 3 uses (as Eventbrite and Tito
// count tickets), so "20 uses" means 20 discounted seats however they are
// grouped. The uses are taken inside the registration's transaction by one
// conditional UPDATE (the uses must still be there), so two buyers racing
// for the last use cannot both have it: the second is refused and nothing of
// its order is written. A paid checkout that expires or is cancelled gives
// its uses back (releaseUses, from lib/checkout/fulfilment.js); a payment
// that lands after that takes them again (retakeUses).

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const MESSAGES = {
  freeCodeOnPaid: "This code gives a free registration for one attendee: apply it to register one attendee without payment.",
  discountCodeOnPromo: "This code gives a discount on paid seats: register with payment to use it.",
  usesLeft: (left) => `This code has ${left} ${left === 1 ? "use" : "uses"} left, one for each seat: register at most ${left} ${left === 1 ? "attendee" : "attendees"} with it, or remove it.`,
  belowMinSeats: (code, min) => `The code ${code} is for orders of at least ${min} attendees.`,
  aboveMaxSeats: (code, max) => `The code ${code} is for orders of at most ${max} ${max === 1 ? "attendee" : "attendees"}.`,
  belowSmallestPayment: (smallest) => `This code would bring a seat below ${smallest}, the smallest card payment, so it cannot be used at today's price. Please contact us.`,
};

// The code (any case; unique, so one row at most) active, for this event, unexpired.
const LIVE_CODE_SQL = `
  SELECT id, code, kind, percent_off, amount_off_cents, min_seats, max_seats, used_count, max_uses FROM promo_codes
  WHERE code = {:code} COLLATE NOCASE AND active = 1 AND event = {:event}
    AND (expires_at = '' OR expires_at > {:now})
  LIMIT 1`;

function dbNow() {
  return require(`${__hooks}/lib/core/db-date.js`).dbNow();
}

/**
 * The code when it is active and unexpired for this event, with its terms and uses, or null.
 * @param {core.App} app
 * @param {string} code
 * @param {string} eventId
 * @param {string} [now] a database date
 */
function liveCode(app, code, eventId, now) {
  if (!CODE_PATTERN.test(code)) return null;
  const rows = arrayOf(new DynamicModel({
    id: "", code: "", kind: "", percent_off: 0, amount_off_cents: 0, min_seats: 0, max_seats: 0, used_count: 0, max_uses: 0,
  }));
  app.db().newQuery(LIVE_CODE_SQL).bind({ code, event: eventId, now: now || dbNow() }).all(rows);
  if (rows.length === 0) return null;
  const row = rows[0];
  const terms = require(`${__hooks}/lib/registration/discount.js`).termsOf({
    code: row.code, kind: row.kind, percent_off: row.percent_off, amount_off_cents: row.amount_off_cents, min_seats: row.min_seats, max_seats: row.max_seats,
  });
  return { id: row.id, terms, usesLeft: Math.max(0, row.max_uses - row.used_count) };
}

function money(currency) {
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  return (cents) => formatAmount(cents, currency);
}

/**
 * Decides a registration's code: `{refusal}`, or `{promo}` with the code's id,
 * its words and the order's price per seat. In the transaction (`inTransaction`)
 * the uses are taken; before it, nothing is written.
 * @param {core.App} txApp
 * @param {object} request a validated request (mode, promoCode, attendees)
 * @param {core.Record} event
 * @param {boolean} inTransaction
 */
function decideCode(txApp, request, event, inTransaction) {
  const { MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const discount = require(`${__hooks}/lib/registration/discount.js`);
  const now = dbNow();
  const live = liveCode(txApp, request.promoCode, event.id, now);
  const invalid = () => ({ refusal: refusal(400, "promoCode", "invalid_promo", COMMON.promoCodeInvalid) });
  if (!live || live.usesLeft === 0) return invalid();
  const { terms } = live;
  const seats = request.attendees.length;
  const free = terms.kind === "free";
  if (free && request.mode !== "promo") return { refusal: refusal(400, "promoCode", "free_code_on_paid", MESSAGES.freeCodeOnPaid) };
  if (!free && request.mode !== "paid") return { refusal: refusal(400, "promoCode", "discount_code_on_promo", MESSAGES.discountCodeOnPromo) };
  const name = terms.code.toUpperCase();
  if (!free && terms.minSeats > 0 && seats < terms.minSeats) {
    return { refusal: refusal(400, "attendees", "below_code_min_seats", MESSAGES.belowMinSeats(name, terms.minSeats)) };
  }
  if (!free && terms.maxSeats > 0 && seats > terms.maxSeats) {
    return { refusal: refusal(400, "attendees", "above_code_max_seats", MESSAGES.aboveMaxSeats(name, terms.maxSeats)) };
  }
  if (live.usesLeft < seats) return { refusal: refusal(409, "promoCode", "not_enough_uses", MESSAGES.usesLeft(live.usesLeft)) };
  const currency = event.getString("currency");
  const price = discount.orderPrice(terms, event.getInt("price_cents"), seats);
  if (!free && price.unitPriceCents < discount.MIN_PAID_SEAT_CENTS) {
    return { refusal: refusal(409, "promoCode", "below_smallest_payment", MESSAGES.belowSmallestPayment(money(currency)(discount.MIN_PAID_SEAT_CENTS))) };
  }
  if (inTransaction && !takeUses(txApp, live.id, seats, now)) return invalid();
  return { promo: { id: live.id, label: discount.describe(terms, money(currency)), price } };
}

/**
 * Takes `seats` uses of the code if they are all still there (and the code
 * still active and unexpired): one statement, so two transactions can never
 * both take the last use. Returns whether it took them.
 */
function takeUses(txApp, id, seats, now) {
  const result = txApp.db()
    .newQuery(`UPDATE promo_codes SET used_count = used_count + {:seats}, updated = {:now}
      WHERE id = {:id} AND active = 1 AND used_count + {:seats} <= max_uses AND (expires_at = '' OR expires_at > {:now})`)
    .bind({ id, seats, now })
    .execute();
  return result.rowsAffected() === 1;
}

/** The uses an order's code took, or 0: a paid order's seats, when it took a code. */
function usesOf(registration) {
  if (registration.getString("kind") !== "paid" || !registration.getString("promo_code")) return 0;
  return registration.getInt("held_seats");
}

/**
 * Gives back the uses a paid checkout took when it expires or is cancelled
 * unpaid. Call in the transaction that ends the hold (once: pending to expired).
 * @param {core.App} txApp
 * @param {core.Record} registration
 */
function releaseUses(txApp, registration) {
  const uses = usesOf(registration);
  if (uses === 0) return;
  txApp.db()
    .newQuery("UPDATE promo_codes SET used_count = MAX(0, used_count - {:uses}), updated = {:now} WHERE id = {:id}")
    .bind({ id: registration.getString("promo_code"), uses, now: dbNow() })
    .execute();
}

/**
 * A payment honoured after its checkout had expired (and given its uses back)
 * takes them again: the buyer paid the discounted price. Counted even past
 * max_uses, which the administrator sees as "Used".
 */
function retakeUses(txApp, registration) {
  const uses = usesOf(registration);
  if (uses === 0) return;
  txApp.db()
    .newQuery("UPDATE promo_codes SET used_count = used_count + {:uses}, updated = {:now} WHERE id = {:id}")
    .bind({ id: registration.getString("promo_code"), uses, now: dbNow() })
    .execute();
}

/**
 * What the page may know of a usable code: its kind, and for a discount code
 * the price of one seat before and after it, its words and its seat limits.
 */
function describeForPage(live, event) {
  if (live.terms.kind === "free") return { valid: true, kind: "free" };
  const discount = require(`${__hooks}/lib/registration/discount.js`);
  const currency = event.getString("currency");
  const price = discount.orderPrice(live.terms, event.getInt("price_cents"), 1);
  return {
    valid: true,
    kind: live.terms.kind,
    label: discount.describe(live.terms, money(currency)),
    listPriceCents: price.listPriceCents,
    discountCents: price.discountCents,
    unitPriceCents: price.unitPriceCents,
    currency,
    minSeats: live.terms.minSeats,
    maxSeats: live.terms.maxSeats,
  };
}

/** POST /api/masterclass/promo/validate {code, event?} @param {core.RequestEvent} e */
function handleValidatePromo(e) {
  const { MAX_BODY_BYTES, MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  const { answerRefusals, readJsonObject, refusal, invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  const { requestedEvent } = require(`${__hooks}/lib/events/summary.js`);
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const unknown = Object.keys(body).filter((key) => key !== "code" && key !== "event");
    if (unknown.length > 0) {
      throw invalidFields({ [unknown[0]]: { code: "unknown_field", message: COMMON.unknownField(unknown[0]) } });
    }
    if (typeof body.code !== "string" || body.code.trim() === "") {
      throw refusal(400, "promoCode", "required", COMMON.promoCodeRequired);
    }
    // One budget with promo-mode registrations (lib/registration/routes.js).
    const address = require(`${__hooks}/lib/core/client-key.js`).clientAddress(e);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "promoChecks", address);
    // The featured masterclass, or the one the body names (`event`: its id).
    const event = requestedEvent(e, body.event);
    const live = liveCode(e.app, body.code.trim(), event.id);
    if (!live || live.usesLeft === 0) {
      throw refusal(400, "promoCode", "invalid_promo", COMMON.promoCodeInvalid);
    }
    const answer = describeForPage(live, event);
    const { MIN_PAID_SEAT_CENTS } = require(`${__hooks}/lib/registration/discount.js`);
    if (answer.kind !== "free" && answer.unitPriceCents < MIN_PAID_SEAT_CENTS) {
      throw refusal(409, "promoCode", "below_smallest_payment", MESSAGES.belowSmallestPayment(money(event.getString("currency"))(MIN_PAID_SEAT_CENTS)));
    }
    return e.json(200, answer);
  });
}

const TERM_FIELDS = ["kind", "percent_off", "amount_off_cents", "min_seats", "max_seats"];

/**
 * Why an administrator may not save these terms (on create, or when an update
 * changes them), as a request error on the field, or null. A free code keeps
 * no amounts nor seat limits (it is one attendee); a discount code's seat
 * limits are whole numbers up to the largest order.
 * @param {core.App} app
 * @param {core.Record} record the promo code being saved
 * @param {boolean} created
 */
function termsRefusal(app, record, created) {
  const { MAX_ATTENDEES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const discount = require(`${__hooks}/lib/registration/discount.js`);
  if (!created) {
    const original = record.original();
    if (TERM_FIELDS.every((name) => String(record.get(name)) === String(original.get(name)))) return null;
  }
  const kind = record.getString("kind") || "free";
  if (!discount.KINDS.includes(kind)) return refusal(400, "kind", "kind_invalid", "Choose what the code gives: a free registration, a percent off or an amount off each seat.");
  record.set("kind", kind);
  for (const name of ["percent_off", "amount_off_cents", "min_seats", "max_seats"]) {
    const value = record.getFloat(name);
    if (!Number.isInteger(value) || value < 0) return refusal(400, name, "not_whole", "Enter a whole number of at least 0.");
  }
  if (kind === "free") {
    for (const name of ["percent_off", "amount_off_cents", "min_seats", "max_seats"]) record.set(name, 0);
    return null;
  }
  if (kind === "percent") record.set("amount_off_cents", 0);
  if (kind === "amount") record.set("percent_off", 0);
  for (const name of ["min_seats", "max_seats"]) {
    if (record.getInt(name) > MAX_ATTENDEES) return refusal(400, name, "seats_over_max", `An order has at most ${MAX_ATTENDEES} attendees.`);
  }
  let event = null;
  try {
    event = app.findRecordById("events", record.getString("event"));
  } catch {
    return null; // the collection's own relation check answers
  }
  const problem = discount.termsProblem(discount.termsOf(record), event.getInt("price_cents"), money(event.getString("currency")));
  return problem ? refusal(400, problem.field, problem.code, problem.message) : null;
}

module.exports = { MESSAGES, termsRefusal, decideCode, releaseUses, retakeUses, handleValidatePromo };
