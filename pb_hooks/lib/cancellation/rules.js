/// <reference path="../../../pb_data/types.d.ts" />
// Cancelling one attendee's seat: what it gives back and whether it may be
// done, for the self-service routes (lib/cancellation/self-service.js) and the
// administrators' (lib/cancellation/admin-routes.js). The money: what this
// seat paid (its own price, lib/cancellation/seat-money.js; promo and free
// seats paid nothing, a seat passed to a colleague nothing any more) × the
// terms' tier (lib/cancellation/refund-tiers.js), never more than what is
// left of the seat's price and of the order's payment after their refunds so
// far. The write itself: lib/cancellation/cancel.js.

const SELF_CANCELLABLE = ["confirmed"];
const ADMIN_CANCELLABLE = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  attendeeInvalid: "Say which registration to cancel: the attendee must be given by its id.",
  notFound: "We could not find this registration.",
  alreadyCancelled: "This registration has already been cancelled.",
  passedOn: (name) => `This seat has been passed to ${name || "a colleague"}, so it can no longer be cancelled or refunded here: the seat, and what was paid for it, are theirs now.`,
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

/** What the registration paid, in cents (lib/cancellation/seat-money.js). */
function registrationPaidCents(registration) {
  return require(`${__hooks}/lib/cancellation/seat-money.js`).registrationPaidCents(registration);
}

/**
 * Everything a decision about one attendee needs, read with `app` (the
 * transaction's app inside one). The money is the seat's own
 * (lib/cancellation/seat-money.js seatMoney): `shareCents` what this seat paid
 * through the checkout (0 for a seat passed on, a free or manual one),
 * `refundableCents` what may still be refunded of it.
 * @returns {{attendee: core.Record, registration: core.Record, event: core.Record, paidCents: number,
 *   shareCents: number, refundedCents: number, refundableCents: number, seat: object, tier: object,
 *   termsRefundCents: number, simulated: boolean, currency: string}}
 */
function assess(app, attendee, now) {
  const tiers = require(`${__hooks}/lib/cancellation/refund-tiers.js`);
  const registration = app.findRecordById("registrations", attendee.getString("registration"));
  const event = app.findRecordById("events", attendee.getString("event"));
  const seat = require(`${__hooks}/lib/cancellation/seat-money.js`).seatMoney(app, attendee, registration);
  const paidCents = seat.registrationPaidCents;
  const shareCents = paidCents > 0 ? seat.priceCents : 0;
  const tier = tiers.refundTier(event.getString("starts_at"), event.getString("timezone") || "UTC", now);
  return {
    attendee,
    registration,
    event,
    paidCents,
    shareCents,
    refundedCents: seat.refundedCents,
    refundableCents: seat.refundableCents,
    seat,
    tier,
    termsRefundCents: tiers.refundCents(shareCents, tier.percent, seat.refundableCents),
    simulated: require(`${__hooks}/lib/checkout/mode.js`).isSimulatedSession(registration.getString("stripe_session_id")),
    currency: registration.getString("currency") || event.getString("currency") || "AUD",
  };
}

/** Why this attendee cannot be cancelled now, or null. */
function stateRefusal(facts, allowed, checkStart) {
  const status = facts.attendee.getString("registration_status");
  if (status === "cancelled" && facts.seat && facts.seat.transferred) {
    const to = facts.seat.transferredTo;
    return refusal(409, "attendee", "passed_on", MESSAGES.passedOn(to ? to.fullName : ""), { passedTo: to ? to.fullName : "" });
  }
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
