/// <reference path="../../../pb_data/types.d.ts" />
// Seats: confirmed attendees, the attendees of paid registrations still
// inside their checkout hold, and the seats held for open waitlist offers
// (lib/waitlist/offers.js). Observers and the waitlist take no seat. Called
// with the transaction's app wherever a decision depends on the count, so the
// count and the write that follows it cannot interleave with another request.

// Two counts, each answered from a covering index: confirmed attendees
// (attendees by event and status) and the seats of open checkouts
// (registrations.held_seats), since the count runs inside the registration's
// write transaction.
const CONFIRMED_SQL = `
  SELECT COUNT(*) AS taken FROM attendees
  WHERE event = {:event} AND registration_status = 'confirmed'`;
const HELD_SQL = `
  SELECT COALESCE(SUM(held_seats), 0) AS taken FROM registrations
  WHERE event = {:event} AND status = 'pending' AND kind = 'paid' AND hold_expires_at > {:now}`;

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
  return count(CONFIRMED_SQL) + count(HELD_SQL) + require(`${__hooks}/lib/waitlist/offers.js`).seatsHeldByOffers(app, eventId);
}

// Seats held right now by unpaid checkouts of one buyer (primary email, any
// case) or one client (keyed hash of its address), across every event.
const HELD_BY_SQL = {
  email: "primary_email = {:value} COLLATE NOCASE",
  client: "client_key = {:value}",
};

/**
 * @param {core.App} app
 * @param {'email' | 'client'} by
 * @param {string} value
 * @returns {number}
 */
function seatsHeldBy(app, by, value) {
  if (!value) return 0;
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const row = new DynamicModel({ held: 0 });
  app.db().newQuery(`
    SELECT COALESCE(SUM(held_seats), 0) AS held FROM registrations
    WHERE ${HELD_BY_SQL[by]} AND status = 'pending' AND kind = 'paid' AND hold_expires_at > {:now}`)
    .bind({ value, now: dbNow() })
    .one(row);
  return row.held;
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
 * until a hold lapses.
 * @param {core.Record} event
 * @param {number} left
 */
function effectiveSalesState(event, left) {
  const state = event.getString("sales_state");
  return state === "open" && left === 0 ? "sold_out" : state;
}

/**
 * Why `seatsNeeded` seats cannot be sold now (a 409 request error), or null.
 * Only an open event that has not started sells seats (DESIGN decisions 8
 * and 17): once it starts, whatever its sales state, only the waitlist takes
 * registrations.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {number} seatsNeeded
 */
function salesRefusal(app, event, seatsNeeded) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "happening") return refusal(409, "sales", "event_started", MESSAGES.eventStarted);
  if (phase === "past") {
    const { formatDate } = require(`${__hooks}/lib/events/format.js`);
    return refusal(409, "sales", "event_over", MESSAGES.eventOver(formatDate(event.getString("starts_at"), event.getString("timezone"))));
  }
  const state = event.getString("sales_state");
  if (state === "closed") return refusal(409, "sales", "closed", MESSAGES.closed);
  if (state !== "open") return refusal(409, "sales", "sold_out", MESSAGES.soldOut);
  const left = seatsLeft(app, event);
  if (left >= seatsNeeded) return null;
  return refusal(409, "sales", "sold_out", left === 0 ? MESSAGES.soldOut : MESSAGES.notEnoughSeats(left));
}

module.exports = { seatsTaken, seatsHeldBy, seatsLeft, effectiveSalesState, salesRefusal };
