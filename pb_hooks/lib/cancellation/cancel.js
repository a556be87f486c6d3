/// <reference path="../../../pb_data/types.d.ts" />
// The cancellation itself, for both kinds of route. In ONE transaction: the
// attendee row is saved cancelled (a normal save: record hooks see
// registration_status change to cancelled), the refund is recorded in
// payment_actions (idempotency key per attendee) and the notice queued in the
// outbox (lib/cancellation/emails.js). After commit the refund is made
// (lib/checkout/payment-actions.js: claimed per attempt, retried by the cron)
// and the emails sent. Two requests at once (double submit, two tabs, a
// replay) are serialised by SQLite's single writer: the second finds the row
// cancelled and is refused, so one refund is recorded and one is paid.

/**
 * The attendee row saved cancelled now, by whom (`cancelled_by`: a
 * cancellation route's, or `substitution` for a seat passed to a colleague,
 * lib/attendees/self-service.js) and why.
 */
function markCancelled(txApp, attendee, by, reason) {
  attendee.set("registration_status", "cancelled");
  attendee.set("cancelled_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
  attendee.set("cancelled_by", by);
  attendee.set("cancellation_reason", reason || "");
  txApp.save(attendee);
}

/**
 * In the transaction: the row cancelled, the refund recorded, the notice
 * queued. Returns the payment action's id ("" when nothing is refunded).
 * `eventCancelled`: the whole masterclass is cancelled (lib/notices/cancel-event.js),
 * which the notice says instead of a cancellation of this seat alone.
 */
function applyCancellation(txApp, facts, { by, refundCents, reason, eventCancelled = false }) {
  const { attendee, registration, event } = facts;
  markCancelled(txApp, attendee, by, reason);

  let actionId = "";
  if (refundCents > 0) {
    const action = require(`${__hooks}/lib/checkout/payment-actions.js`).recordAttendeeRefund(txApp, {
      registrationId: registration.id,
      attendeeId: attendee.id,
      paymentIntentId: registration.getString("stripe_payment_intent"),
      amountCents: refundCents,
      currency: facts.currency,
      reason: reason || facts.tier.words || "Cancelled",
      simulated: facts.simulated,
    });
    actionId = action.id;
  }
  require(`${__hooks}/lib/cancellation/emails.js`).queueCancellationEmails(txApp, {
    registration, attendee, event, by, paid: facts.paidCents > 0, refundCents, tierWords: facts.tier.words, simulated: facts.simulated, eventCancelled,
  });
  return actionId;
}

/**
 * Runs `decide(txApp)` in one transaction; a refusal it throws is thrown
 * again after the transaction (which then wrote nothing). The cancellation
 * routes and an attendee's own changes (lib/attendees/self-service.js) use it.
 */
function inTransaction(app, decide) {
  let outcome = null;
  app.runInTransaction((txApp) => {
    try {
      outcome = { value: decide(txApp) };
    } catch (error) {
      if (!(error && error.isRequestError)) throw error;
      outcome = { refused: error };
    }
  });
  if (outcome.refused) throw outcome.refused;
  return outcome.value;
}

/** After commit: the refund now (the cron retries it), the emails now (their cron retries them). */
function afterCommit(app, registrationId, actionId) {
  let refund = { status: "none", stripeId: "", error: "" };
  if (actionId) {
    try {
      const action = require(`${__hooks}/lib/checkout/payment-actions.js`).runActionNow(app, actionId);
      refund = { status: action.getString("status"), stripeId: action.getString("stripe_id"), error: action.getString("last_error") };
    } catch (error) {
      app.logger().error("The refund could not be attempted now; the cron will", "action", actionId, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
      refund = { status: "pending", stripeId: "", error: "" };
    }
  }
  require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(app, registrationId);
  return refund;
}

/** What both routes answer after a cancellation. */
function cancelledAnswer(facts, refundCents, refund) {
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  return {
    cancelled: true,
    attendee: { id: facts.attendee.id, fullName: facts.attendee.getString("full_name") },
    event: { id: facts.event.id, title: facts.event.getString("title") },
    refundCents,
    refundText: formatAmount(refundCents, facts.currency),
    refundStatus: refund.status,
    simulated: facts.simulated && refundCents > 0,
  };
}

module.exports = { markCancelled, applyCancellation, inTransaction, afterCommit, cancelledAnswer };
