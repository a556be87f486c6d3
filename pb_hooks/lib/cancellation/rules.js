/// <reference path="../../../pb_data/types.d.ts" />
// Cancelling one attendee's seat: what it gives back and whether it may be
// done, for the self-service routes (lib/cancellation/self-service.js) and the
// administrators' (lib/cancellation/admin-routes.js). The money: the
// attendee's share of what the registration paid (split evenly, the remainder
// on the first attendee; promo and free ones paid nothing) × the terms' tier
// (lib/cancellation/refund-tiers.js), never more than the registration's
// payment less its refunds so far. The write itself: lib/cancellation/cancel.js.

const SELF_CANCELLABLE = ["confirmed"];
const ADMIN_CANCELLABLE = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  attendeeInvalid: "Say which registration to cancel: the attendee must be given by its id.",
  notFound: "We could not find this registration.",
  alreadyCancelled: "This registration has already been cancelled.",
  waitlisted: "This is a waitlist entry, which holds no seat: there is nothing to cancel.",
  notConfirmed: "Only a confirmed registration can be cancelled.",
  eventStarted: "The masterclass has started, so this registration can no longer be cancelled.",
};

/** A refusal about one field, with more facts for the page (`extra`) beside its code and message. */
function refusal(status, field, code, message, extra) {
  const error = require(`${__hooks}/lib/core/errors.js`).refusal(status, field, code, message);
  if (extra) Object.assign(error.data[field], extra);
  return error;
}

// ---- money ------------------------------------------------------------------------------

/** What the registration paid, in cents: Stripe's amount when known, else its total; 0 for promo, waitlist or unpaid. */
function registrationPaidCents(registration) {
  if (registration.getString("kind") !== "paid") return 0;
  const status = registration.getString("status");
  if (status !== "paid" && status !== "completed") return 0;
  const paid = registration.getInt("paid_amount_cents");
  return paid > 0 ? paid : registration.getInt("total_amount_cents");
}

/** Refunds recorded for the registration and not failed (made, or being made). */
function refundedCents(app, registrationId) {
  const row = new DynamicModel({ value: 0 });
  app.db()
    .newQuery("SELECT COALESCE(SUM(amount_cents), 0) AS value FROM payment_actions WHERE registration = {:registration} AND kind = 'refund' AND status IN ('pending', 'done')")
    .bind({ registration: registrationId })
    .one(row);
  return row.value;
}

/** The registration's attendees in share order: the one who registered (primary email) first, then by creation. */
function attendeesInOrder(app, registration) {
  const rows = app.findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id });
  // A seat passed to a colleague (lib/attendees/self-service.js) keeps its share: the colleague's row takes the place of the row it replaces.
  const replacing = {};
  for (const row of rows) if (row.getString("replaces")) replacing[row.getString("replaces")] = row;
  const holder = (row) => {
    let current = row;
    for (let hops = 0; replacing[current.id] && hops < rows.length; hops += 1) current = replacing[current.id];
    return current;
  };
  const all = rows.filter((row) => !row.getString("replaces"));
  const primary = registration.getString("primary_email").toLowerCase();
  const first = all.findIndex((attendee) => attendee.getString("email").toLowerCase() === primary);
  const ordered = first <= 0 ? all : [all[first], ...all.slice(0, first), ...all.slice(first + 1)];
  return ordered.map(holder);
}

/**
 * Everything a decision about one attendee needs, read with `app` (the
 * transaction's app inside one).
 * @returns {{attendee: core.Record, registration: core.Record, event: core.Record, paidCents: number,
 *   shareCents: number, refundableCents: number, tier: object, termsRefundCents: number, simulated: boolean, currency: string}}
 */
function assess(app, attendee, now) {
  const tiers = require(`${__hooks}/lib/cancellation/refund-tiers.js`);
  const registration = app.findRecordById("registrations", attendee.getString("registration"));
  const event = app.findRecordById("events", attendee.getString("event"));
  const paidCents = registrationPaidCents(registration);
  const ordered = attendeesInOrder(app, registration);
  const shares = tiers.attendeeShares(paidCents, ordered.length);
  const index = ordered.findIndex((candidate) => candidate.id === attendee.id);
  const shareCents = index >= 0 ? shares[index] : 0;
  const refundableCents = Math.max(0, Math.min(shareCents, paidCents - refundedCents(app, registration.id)));
  const tier = tiers.refundTier(event.getString("starts_at"), event.getString("timezone") || "UTC", now);
  return {
    attendee,
    registration,
    event,
    paidCents,
    shareCents,
    refundableCents,
    tier,
    termsRefundCents: tiers.refundCents(shareCents, tier.percent, refundableCents),
    simulated: require(`${__hooks}/lib/checkout/mode.js`).isSimulatedSession(registration.getString("stripe_session_id")),
    currency: registration.getString("currency") || event.getString("currency") || "AUD",
  };
}

/** Why this attendee cannot be cancelled now, or null. */
function stateRefusal(facts, allowed, checkStart) {
  const status = facts.attendee.getString("registration_status");
  if (status === "cancelled") {
    return refusal(409, "attendee", "already_cancelled", MESSAGES.alreadyCancelled, { cancelledAt: facts.attendee.getString("cancelled_at") });
  }
  if (status === "waitlisted") return refusal(409, "attendee", "waitlisted", MESSAGES.waitlisted);
  if (!allowed.includes(status)) return refusal(409, "attendee", "not_confirmed", MESSAGES.notConfirmed);
  if (checkStart && facts.tier.tier === "started") return refusal(409, "attendee", "event_started", MESSAGES.eventStarted);
  return null;
}

function findAttendee(app, id) {
  try {
    return app.findRecordById("attendees", id);
  } catch {
    return null;
  }
}

module.exports = { SELF_CANCELLABLE, ADMIN_CANCELLABLE, MESSAGES, refusal, registrationPaidCents, assess, stateRefusal, findAttendee };
