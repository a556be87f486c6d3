/// <reference path="../../../pb_data/types.d.ts" />
// Seats: confirmed attendees, the attendees of paid registrations still
// inside their checkout hold, and the seats held for open waitlist offers
// (lib/waitlist/offers.js makes them). Observers and the waitlist take no
// seat. Called with the transaction's app wherever a decision depends on the
// count, so the count and the write that follows it cannot interleave with
// another request.

// Three counts, each answered from an index, since the count runs inside the
// registration's write transaction: confirmed attendees (attendees by event
// and status, covering), the seats of open checkouts (registrations.held_seats,
// covering) and the seats of open offers.
const CONFIRMED_SQL = `
  SELECT COUNT(*) AS taken FROM attendees
  WHERE event = {:event} AND registration_status = 'confirmed'`;
const HELD_SQL = `
  SELECT COALESCE(SUM(held_seats), 0) AS taken FROM registrations
  WHERE event = {:event} AND status = 'pending' AND kind = 'paid' AND hold_expires_at > {:now}`;
// Open waitlist offers still inside their window, except those whose claim's
// checkout (a pending registration with a live hold) holds the seat itself, so
// the seat is counted once. Answered from idx_waitlist_offers_seats, with a
// primary-key look-up per claim.
const OFFER_SEATS_SQL = `
  SELECT COUNT(*) AS taken FROM waitlist_offers o
  WHERE o.event = {:event} AND o.status = 'open' AND o.expires_at > {:now}
    AND NOT EXISTS (
      SELECT 1 FROM registrations r
      WHERE r.id = o.registration AND r.status = 'pending' AND r.hold_expires_at > {:now})`;

/**
 * @param {core.App} app
 * @param {string} eventId
 * @returns {number}
 */
function seatsTaken(app, eventId) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const count = (sql) => {
    const row = new DynamicModel({ taken: 0 });
    app.db().newQuery(sql).bind({ event: eventId, now: dbNow() }).one(row);
    return row.taken;
  };
  return count(CONFIRMED_SQL) + count(HELD_SQL) + count(OFFER_SEATS_SQL);
}

// Seats held right now by one buyer (primary email, any case) or one client
// (keyed hash of its address), across every event: the seats of their unpaid
// checkouts and their open waitlist offers (an offer is the address's; its
// client is the one the waitlist entry was made from). An offer whose claim's
// checkout holds the seat is counted once, as that checkout.
const HELD_BY_SQL = {
  email: "primary_email = {:value} COLLATE NOCASE",
  client: "client_key = {:value}",
};
const OFFERS_HELD_BY_SQL = {
  email: "o.email = {:value} COLLATE NOCASE",
  client: "EXISTS (SELECT 1 FROM attendees a JOIN registrations w ON w.id = a.registration WHERE a.id = o.attendee AND w.client_key = {:value})",
};

/**
 * The seats held in unpaid checkouts and in open offers, apart.
 * @param {core.App} app
 * @param {'email' | 'client'} by
 * @param {string} value
 * @param {string} [exceptOffer] an offer left out of the count (the one a claim is taking)
 * @returns {{checkouts: number, offers: number}}
 */
function seatsHeldApart(app, by, value, exceptOffer = "") {
  if (!value) return { checkouts: 0, offers: 0 };
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const params = { value, now: dbNow(), except: exceptOffer };
  const checkouts = new DynamicModel({ held: 0 });
  app.db().newQuery(`
    SELECT COALESCE(SUM(held_seats), 0) AS held FROM registrations
    WHERE ${HELD_BY_SQL[by]} AND status = 'pending' AND kind = 'paid' AND hold_expires_at > {:now}`)
    .bind(params)
    .one(checkouts);
  const offers = new DynamicModel({ held: 0 });
  app.db().newQuery(`
    SELECT COUNT(*) AS held FROM waitlist_offers o
    WHERE ${OFFERS_HELD_BY_SQL[by]} AND o.status = 'open' AND o.expires_at > {:now} AND o.id != {:except}
      AND NOT EXISTS (
        SELECT 1 FROM registrations r
        WHERE r.id = o.registration AND r.status = 'pending' AND r.hold_expires_at > {:now})`)
    .bind(params)
    .one(offers);
  return { checkouts: checkouts.held, offers: offers.held };
}

/**
 * @param {core.App} app
 * @param {'email' | 'client'} by
 * @param {string} value
 * @param {string} [exceptOffer]
 * @returns {number}
 */
function seatsHeldBy(app, by, value, exceptOffer = "") {
  const { checkouts, offers } = seatsHeldApart(app, by, value, exceptOffer);
  return checkouts + offers;
}

/**
 * @param {core.App} app
 * @param {core.Record} event
 * @returns {number}
 */
function seatsLeft(app, event) {
  return Math.max(0, event.getInt("capacity") - seatsTaken(app, event.id));
}

/**
 * The sales state visitors see: an open event with no seat left is sold out
 * until a hold lapses. A cancelled masterclass's sales are closed (lib/notices/
 * cancel-event.js sets them so); that it is cancelled is the summary's
 * `cancelled` and its phase "cancelled" (lib/events/phase.js), never a sales state.
 * @param {core.Record} event
 * @param {number} left
 */
function effectiveSalesState(event, left) {
  const state = event.getString("sales_state");
  return state === "open" && left === 0 ? "sold_out" : state;
}

/**
 * Why `seatsNeeded` seats cannot be sold now (a 409 request error), or null.
 * Only an open event that has not started sells seats (DESIGN decisions 8,
 * 17 and 23), and only from its sales-open time: once it starts, whatever its sales state, only the waitlist takes
 * registrations.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {number} seatsNeeded
 */
function salesRefusal(app, event, seatsNeeded) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "cancelled") return refusal(409, "event", "event_cancelled", MESSAGES.eventCancelled);
  if (phase === "happening") return refusal(409, "sales", "event_started", MESSAGES.eventStarted);
  if (phase === "past") {
    const { formatDate } = require(`${__hooks}/lib/events/format.js`);
    return refusal(409, "sales", "event_over", MESSAGES.eventOver(formatDate(event.getString("starts_at"), event.getString("timezone"))));
  }
  if (phase === "scheduled") {
    const { formatDayAndTime } = require(`${__hooks}/lib/events/format.js`);
    return refusal(409, "sales", "scheduled", MESSAGES.salesNotOpenYet(formatDayAndTime(event.getString("sales_open_at"), event.getString("timezone"))));
  }
  const state = event.getString("sales_state");
  if (state === "closed") return refusal(409, "sales", "closed", MESSAGES.closed);
  if (state !== "open") return refusal(409, "sales", "sold_out", MESSAGES.soldOut);
  const left = seatsLeft(app, event);
  if (left >= seatsNeeded) return null;
  return refusal(409, "sales", "sold_out", left === 0 ? MESSAGES.soldOut : MESSAGES.notEnoughSeats(left));
}

module.exports = { seatsTaken, seatsHeldApart, seatsHeldBy, seatsLeft, effectiveSalesState, salesRefusal };
