/// <reference path="../../../pb_data/types.d.ts" />
// Cancelling a whole masterclass (POST /api/masterclass/admin/events/{id}/cancel
// {confirm: true}, administrators only; the admin event screen asks first,
// naming how many seats and how much is refunded). In ONE transaction:
// - the masterclass: `cancelled_at` set, sales Closed (no registration, promo
//   code or waitlist offer is taken any more), its calendar file a new
//   SEQUENCE with STATUS:CANCELLED;
// - every seat (confirmed attendee or observer) cancelled through the one
//   cancellation path (lib/cancellation/cancel.js applyCancellation) with what
//   the seat paid refunded in full (lib/cancellation/rules.js assess:
//   refundableCents, whatever the terms' tier), its refund recorded in
//   payment_actions and the attendee's notice (and the payer's) queued;
// - every waitlist entry closed and told (event_cancelled_waitlist), every open
//   waitlist offer withdrawn.
// After commit the refunds are made now (the payment-actions cron retries) and
// the emails sent (the email cron retries). Pressed twice (or two tabs), the
// second finds nothing left to cancel: no second refund, no second email;
// it answers the same way with alreadyCancelled. A checkout paid after the
// cancellation is refused and refunded at fulfilment (lib/checkout/fulfilment.js).

const WAITLIST_TEMPLATE = "event_cancelled_waitlist";
const REASON_MAX = 500;
const DEFAULT_REASON = "The masterclass was cancelled.";

const MESSAGES = {
  confirm: "Confirm the cancellation: send confirm: true.",
  reasonTooLong: `The reason can be at most ${REASON_MAX} characters.`,
  started: "The masterclass has started or taken place, so it can no longer be cancelled as a whole.",
};

function rules() {
  return require(`${__hooks}/lib/cancellation/rules.js`);
}

/** The attendee rows still holding a seat (any address: an anonymised one's refund is still owed). */
function seatRows(app, eventId) {
  return app.findRecordsByFilter("attendees", "event = {:event} && (registration_status = 'confirmed' || registration_status = 'confirmed_observer')", "created,id", 0, 0, { event: eventId });
}

function waitlistRows(app, eventId) {
  return app.findRecordsByFilter("attendees", "event = {:event} && registration_status = 'waitlisted'", "created,id", 0, 0, { event: eventId });
}

/** What cancelling it all would do now: seats, paid seats, the total refunded, the waitlist. */
function cancelPreview(app, event) {
  const now = new Date();
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const seats = seatRows(app, event.id);
  let refundCents = 0;
  let paidSeats = 0;
  let currency = event.getString("currency") || "AUD";
  for (const attendee of seats) {
    const facts = rules().assess(app, attendee, now);
    if (facts.refundableCents > 0) {
      paidSeats += 1;
      refundCents += facts.refundableCents;
      currency = facts.currency;
    }
  }
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  return {
    cancelled: event.getString("cancelled_at") !== "",
    cancellable: event.getString("cancelled_at") === "" && phase !== "happening" && phase !== "past",
    seats: seats.length,
    paidSeats,
    refundCents,
    refundText: formatAmount(refundCents, currency),
    waitlist: waitlistRows(app, event.id).length,
  };
}

/** The waitlist's email: the masterclass they waited for is cancelled, their entry closed. */
function waitlistNotice(app, attendee, facts) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  const named = layout.theEvent(facts.title);
  return layout.renderMessage(WAITLIST_TEMPLATE, `${named.charAt(0).toUpperCase()}${named.slice(1)} on ${facts.date} is cancelled`, {
    preheader: `The ${facts.title} on ${facts.date} is cancelled, so its waitlist is closed.`,
    heading: "The masterclass is cancelled",
    greeting: `Hi ${attendee.getString("full_name")},`,
    paragraphs: [
      `We are sorry: the ${facts.title} on ${facts.date}, whose waitlist you joined, has been cancelled. Its waitlist is closed, so no seat will be offered to you for this date, and you paid nothing.`,
    ],
    details: layout.eventRows(facts),
    closing: [`Our next masterclasses are on our site: ${require(`${__hooks}/lib/core/links.js`).appUrl(app)}`, "We hope to welcome you at a future masterclass."],
  });
}

function readBody(body) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (body.confirm !== true) throw refusal(400, "confirm", "required", MESSAGES.confirm);
  const reason = typeof body.reason === "string" && body.reason.trim() ? body.reason.trim() : DEFAULT_REASON;
  if (reason.length > REASON_MAX) throw refusal(400, "reason", "too_long", MESSAGES.reasonTooLong);
  return reason;
}

/**
 * The whole cancellation; answers what was done.
 * @param {core.App} app
 * @param {string} eventId
 * @param {Record<string, unknown>} body
 * @param {string} adminId
 */
function cancelWholeEvent(app, eventId, body, adminId) {
  const reason = readBody(body);
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const cancel = require(`${__hooks}/lib/cancellation/cancel.js`);
  const done = cancel.inTransaction(app, (txApp) => {
    const event = txApp.findRecordById("events", eventId);
    const alreadyCancelled = event.getString("cancelled_at") !== "";
    const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
    if (!alreadyCancelled && (phase === "happening" || phase === "past")) {
      throw require(`${__hooks}/lib/core/errors.js`).refusal(409, "event", "started", MESSAGES.started);
    }
    if (!alreadyCancelled) {
      // First, so the record hooks that run after commit (waitlist offers) find sales closed.
      const sequence = event.getInt("calendar_sequence") + 1;
      event.set("cancelled_at", dbNow());
      event.set("sales_state", "closed");
      event.set("calendar_sequence", sequence);
      event.set("notified_sequence", sequence);
      txApp.save(event);
    }
    const now = new Date();
    const refunds = [];
    let refundCents = 0;
    let seats = 0;
    for (const attendee of seatRows(txApp, eventId)) {
      const facts = rules().assess(txApp, attendee, now);
      const amount = facts.refundableCents;
      const actionId = cancel.applyCancellation(txApp, facts, { by: "administrator", refundCents: amount, reason, eventCancelled: true });
      refunds.push({ registrationId: facts.registration.id, actionId });
      refundCents += amount;
      seats += 1;
    }
    const offers = require(`${__hooks}/lib/waitlist/offers.js`);
    for (const offer of txApp.findRecordsByFilter("waitlist_offers", "event = {:event} && status = 'open'", "", 0, 0, { event: eventId })) {
      offers.endOffer(txApp, offer, "skipped", "The masterclass was cancelled.", adminId);
    }
    const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
    const { isPlaceholder } = require(`${__hooks}/lib/accounts/anonymise.js`);
    const { queueAttendeeEmail } = require(`${__hooks}/lib/email/outbox.js`);
    const waitlistEmails = [];
    for (const entry of waitlistRows(txApp, eventId)) {
      cancel.markCancelled(txApp, entry, "administrator", reason);
      if (!isPlaceholder(entry.getString("email"))) waitlistEmails.push(queueAttendeeEmail(txApp, entry, waitlistNotice(txApp, entry, facts)).id);
    }
    return { alreadyCancelled, refunds, refundCents, seats, waitlistEmails, currency: event.getString("currency") || "AUD" };
  });

  let failedRefunds = 0;
  for (const { registrationId, actionId } of done.refunds) {
    const refund = cancel.afterCommit(app, registrationId, actionId);
    if (refund.status === "failed") failedRefunds += 1;
  }
  const { deliverEmail } = require(`${__hooks}/lib/email/delivery.js`);
  for (const id of done.waitlistEmails) {
    try {
      deliverEmail(app, id);
    } catch (error) {
      app.logger().error("A waitlist email could not be tried now; the email cron will", "email", id, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
  }
  app.logger().info("Masterclass cancelled", "event", eventId, "seats", done.seats, "refund_cents", done.refundCents, "waitlist", done.waitlistEmails.length, "by", adminId);
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  return {
    cancelled: true,
    alreadyCancelled: done.alreadyCancelled,
    seats: done.seats,
    refunds: done.refunds.filter((refund) => refund.actionId).length,
    refundCents: done.refundCents,
    refundText: formatAmount(done.refundCents, done.currency),
    failedRefunds,
    waitlist: done.waitlistEmails.length,
  };
}

module.exports = { WAITLIST_TEMPLATE, MESSAGES, cancelPreview, cancelWholeEvent };
