/// <reference path="../../../pb_data/types.d.ts" />
// Money stays with the seat. Each attendee row carries its own seat's price
// (`attendees.price_cents`, GST included, hidden from the records API), and
// the refunds made against it are the payment_actions naming that row. This
// module is the one answer to "what did this seat pay and what has been
// refunded of it": the Manage Attendees table and its CSV (the SQL below),
// the cancel preview and cancel link page, the administrators' and the
// attendees' cancellations and their refunds (lib/cancellation/rules.js),
// the tax invoice's seat lines and the adjustment notes (lib/invoices/document.js).
//
// - At fulfilment (lib/checkout/fulfilment.js) each seat of a paid order gets
//   the order's `unit_price_cents` (the price of one seat after any discount;
//   every seat of an order costs the same) when it is above 0, else the paid
//   amount split evenly, the remainder on the one who registered (the rule
//   every order before seat prices was reckoned by; refund-tiers.js
//   attendeeShares). Promo, waitlist and complimentary seats carry 0; a seat
//   an administrator added as paid elsewhere carries what was paid
//   (lib/admin/manual-attendee.js), though no refund of it moves through Stripe.
// - A seat passed to a colleague (lib/attendees/self-service.js) moves its
//   price to the colleague's row in the same transaction; the row passed on
//   keeps 0 and reads "transferred": nothing was paid for it any more, so
//   nothing can be refunded of it.
// - A cancelled seat keeps its price: what it paid stays true, and its
//   refunds are shown beside it.
// - What may still be refunded of a seat: its price less its refunds not
//   failed, never more than what is left of the order's payment.

const REFUNDED_STATUSES = ["pending", "done"];

/** What the registration paid, in cents: Stripe's amount when known, else its total; 0 for promo, waitlist, manual or unpaid. */
function registrationPaidCents(registration) {
  if (registration.getString("kind") !== "paid") return 0;
  const status = registration.getString("status");
  if (status !== "paid" && status !== "completed") return 0;
  const paid = registration.getInt("paid_amount_cents");
  return paid > 0 ? paid : registration.getInt("total_amount_cents");
}

/** Refunds recorded against the registration and not failed (made, or being made), whole-order ones included. */
function registrationRefundedCents(app, registrationId) {
  const row = new DynamicModel({ value: 0 });
  app.db()
    .newQuery("SELECT COALESCE(SUM(amount_cents), 0) AS value FROM payment_actions WHERE registration = {:registration} AND kind = 'refund' AND status IN ('pending', 'done')")
    .bind({ registration: registrationId })
    .one(row);
  return row.value;
}

/** The refunds recorded against one seat, by status. */
function seatRefunds(app, attendeeId) {
  const rows = arrayOf(new DynamicModel({ status: "", cents: 0 }));
  app.db()
    .newQuery("SELECT status, COALESCE(SUM(amount_cents), 0) AS cents FROM payment_actions WHERE attendee = {:attendee} AND kind = 'refund' GROUP BY status")
    .bind({ attendee: attendeeId })
    .all(rows);
  const by = { pending: 0, done: 0, failed: 0 };
  for (const row of rows) if (Object.prototype.hasOwnProperty.call(by, row.status)) by[row.status] = row.cents;
  return by;
}

/** The row that took this seat over (a colleague in its place), or null. */
function replacementOf(app, attendeeId) {
  const found = app.findRecordsByFilter("attendees", "replaces = {:id}", "-created", 1, 0, { id: attendeeId });
  return found.length > 0 ? found[0] : null;
}

/**
 * The seats of an order as bought: each original row (one that replaces
 * none) in share order (the one who registered first, then by creation),
 * with the row holding that seat now (the end of its `replaces` chain).
 * @returns {{original: core.Record, holder: core.Record}[]}
 */
function seatsOf(app, registration) {
  const rows = app.findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id });
  const replacing = {};
  for (const row of rows) if (row.getString("replaces")) replacing[row.getString("replaces")] = row;
  const holder = (row) => {
    let current = row;
    for (let hops = 0; replacing[current.id] && hops < rows.length; hops += 1) current = replacing[current.id];
    return current;
  };
  const originals = rows.filter((row) => !row.getString("replaces"));
  const primary = registration.getString("primary_email").toLowerCase();
  const first = originals.findIndex((row) => row.getString("email").toLowerCase() === primary);
  const ordered = first <= 0 ? originals : [originals[first], ...originals.slice(0, first), ...originals.slice(first + 1)];
  return ordered.map((original) => ({ original, holder: holder(original) }));
}

/**
 * Each seat's price for an order of `seatCount` seats, in share order: the
 * order's unit price when above 0, else `paidCents` split evenly with the
 * remainder on the first. Pure.
 * @param {number} unitPriceCents
 * @param {number} paidCents
 * @param {number} seatCount
 * @returns {number[]}
 */
function seatPrices(unitPriceCents, paidCents, seatCount) {
  if (unitPriceCents > 0) return Array.from({ length: Math.max(0, seatCount) }, () => unitPriceCents);
  return require(`${__hooks}/lib/cancellation/refund-tiers.js`).attendeeShares(paidCents, seatCount);
}

/**
 * At fulfilment, in its transaction: every seat of a paid order gets its
 * price on the row holding it (0 on rows passed on). Run again, it writes
 * the same.
 * @param {core.App} txApp
 * @param {core.Record} registration saved as paid
 */
function assignSeatPrices(txApp, registration) {
  const paid = registrationPaidCents(registration);
  const seats = seatsOf(txApp, registration);
  const prices = paid > 0 ? seatPrices(registration.getInt("unit_price_cents"), paid, seats.length) : seats.map(() => 0);
  seats.forEach((seat, index) => {
    if (seat.holder.getInt("price_cents") !== prices[index]) {
      seat.holder.set("price_cents", prices[index]);
      txApp.save(seat.holder);
    }
    if (seat.original.id !== seat.holder.id && seat.original.getInt("price_cents") !== 0) {
      seat.original.set("price_cents", 0);
      txApp.save(seat.original);
    }
  });
}

/**
 * A seat passed on, in the transfer's transaction: the colleague's row takes
 * the price, the row passed on keeps 0 (nothing of it can be refunded).
 * Both rows are saved by the caller.
 * @param {core.Record} from
 * @param {core.Record} to
 */
function moveSeatPrice(from, to) {
  to.set("price_cents", from.getInt("price_cents"));
  from.set("price_cents", 0);
}

/**
 * What this seat paid and what has been refunded of it.
 * @param {core.App} app (a transaction's app inside one)
 * @param {core.Record} attendee
 * @param {core.Record} [registration] the attendee's, when already read
 * @returns {{priceCents: number, refundedCents: number, refundPendingCents: number, refundFailedCents: number,
 *   refundableCents: number, transferred: boolean, transferredTo: {id: string, fullName: string}|null,
 *   registrationPaidCents: number, currency: string}}
 *   priceCents: what the seat paid (a manual seat's amount paid elsewhere too); refundedCents: its refunds
 *   not failed (done and pending; refundPendingCents of them still on their way); refundableCents: what may
 *   still be refunded through the checkout's payment (0 for a seat passed on, a manual or free one)
 */
function seatMoney(app, attendee, registration) {
  const order = registration || app.findRecordById("registrations", attendee.getString("registration"));
  const transferred = attendee.getString("registration_status") === "cancelled" && attendee.getString("cancelled_by") === "substitution";
  const replacement = transferred ? replacementOf(app, attendee.id) : null;
  const priceCents = transferred ? 0 : attendee.getInt("price_cents");
  const refunds = seatRefunds(app, attendee.id);
  const refundedCents = REFUNDED_STATUSES.reduce((sum, status) => sum + refunds[status], 0);
  const paid = registrationPaidCents(order);
  const leftOfOrder = paid - registrationRefundedCents(app, order.id);
  const refundableCents = paid > 0 ? Math.max(0, Math.min(priceCents - refundedCents, leftOfOrder)) : 0;
  return {
    priceCents,
    refundedCents,
    refundPendingCents: refunds.pending,
    refundFailedCents: refunds.failed,
    refundableCents,
    transferred,
    transferredTo: replacement ? { id: replacement.id, fullName: replacement.getString("full_name") } : null,
    registrationPaidCents: paid,
    currency: order.getString("currency") || "AUD",
  };
}

// ---- the same figures as SQL over `attendees a`, for the table and the CSV -------------------
// (lib/admin/attendee-sorts.js, attendee-list.js, attendees-csv.js compute them per row of a page).

/** The seat's price, in cents (0 for a seat passed on: its price moved with it). */
const PRICE_SQL = "COALESCE(a.[[price_cents]], 0)";
/** The seat's own refunds not failed, in cents. */
const REFUND_CENTS_SQL = `(SELECT COALESCE(SUM(pa.[[amount_cents]]), 0) FROM {{payment_actions}} pa
  WHERE pa.[[attendee]] = a.[[id]] AND pa.[[kind]] = 'refund' AND pa.[[status]] IN ('pending', 'done'))`;
/** The status of the seat's latest refund ('' for none). */
const REFUND_STATUS_SQL = `COALESCE((SELECT pa.[[status]] FROM {{payment_actions}} pa
  WHERE pa.[[attendee]] = a.[[id]] AND pa.[[kind]] = 'refund' ORDER BY pa.[[created]] DESC, pa.[[id]] DESC LIMIT 1), '')`;
/** Refunds of the whole registration (a payment that bought no seat), shown apart. */
const ORDER_REFUND_CENTS_SQL = `(SELECT COALESCE(SUM(pa.[[amount_cents]]), 0) FROM {{payment_actions}} pa
  WHERE pa.[[registration]] = a.[[registration]] AND COALESCE(pa.[[attendee]], '') = '' AND pa.[[kind]] = 'refund' AND pa.[[status]] IN ('pending', 'done'))`;
/** Whether the seat was passed to a colleague (1) or not (0). */
const TRANSFERRED_SQL = "(CASE WHEN a.[[registration_status]] = 'cancelled' AND a.[[cancelled_by]] = 'substitution' THEN 1 ELSE 0 END)";
/** The name of the colleague who holds the seat now ('' when it was not passed on). */
const TRANSFERRED_TO_SQL = `(CASE WHEN ${TRANSFERRED_SQL} = 1 THEN COALESCE((SELECT t.[[full_name]] FROM {{attendees}} t
  WHERE t.[[replaces]] = a.[[id]] ORDER BY t.[[created]] DESC LIMIT 1), '') ELSE '' END)`;

module.exports = {
  registrationPaidCents,
  registrationRefundedCents,
  seatsOf,
  seatPrices,
  assignSeatPrices,
  moveSeatPrice,
  seatMoney,
  PRICE_SQL,
  REFUND_CENTS_SQL,
  REFUND_STATUS_SQL,
  ORDER_REFUND_CENTS_SQL,
  TRANSFERRED_SQL,
  TRANSFERRED_TO_SQL,
};
