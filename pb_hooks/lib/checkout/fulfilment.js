/// <reference path="../../../pb_data/types.d.ts" />
// The one place a paid registration changes state. `fulfilCheckout` is used by
// the webhook, the return check and the simulated checkout, and is idempotent:
// a replay finds the registration already paid and does nothing. A payment
// that arrives after its hold lapsed is honoured only if seats are still free;
// otherwise the registration is cancelled and a refund is recorded in the same
// transaction, then made after commit (lib/checkout/payment-actions.js), whichever path
// (webhook or return check) got there first.

/**
 * @param {core.App} app
 * @param {string} sessionId
 * @returns {core.Record | null}
 */
function findRegistrationBySession(app, sessionId) {
  if (!sessionId) return null;
  try {
    return app.findFirstRecordByData("registrations", "stripe_session_id", sessionId);
  } catch {
    return null;
  }
}

function attendeesOf(app, registrationId) {
  return app.findRecordsByFilter("attendees", "registration = {:id}", "", 0, 0, { id: registrationId });
}

function setStatuses(txApp, registration, status, attendeeStatus, onlyAttendeesWith) {
  registration.set("status", status);
  txApp.save(registration);
  for (const attendee of attendeesOf(txApp, registration.id)) {
    if (onlyAttendeesWith !== undefined && attendee.getString("registration_status") !== onlyAttendeesWith) continue;
    attendee.set("registration_status", attendeeStatus);
    txApp.save(attendee);
  }
}

/** Whether this registration's seats are counted right now (an unexpired hold). */
function holdsSeats(registration) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  return registration.getString("status") === "pending" && registration.getString("hold_expires_at") > dbNow();
}

/**
 * Keeps what Stripe says was paid on the registration, and flags it for an
 * administrator when that differs from the total we asked for.
 */
function recordPayment(txApp, registration, { paymentIntentId, amountTotal }) {
  if (paymentIntentId) registration.set("stripe_payment_intent", paymentIntentId);
  if (typeof amountTotal !== "number") return;
  registration.set("paid_amount_cents", amountTotal);
  const expected = registration.getInt("total_amount_cents");
  if (amountTotal === expected) return;
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const currency = registration.getString("currency");
  txApp.logger().warn("Paid amount differs from the registration total", "registration", registration.id, "paid", amountTotal, "expected", expected);
  require(`${__hooks}/lib/checkout/payment-actions.js`).flagForReview(txApp, registration,
    `Paid ${formatAmount(amountTotal, currency)} but the total is ${formatAmount(expected, currency)}${paymentIntentId ? ` (payment ${paymentIntentId})` : ""}.`);
}

/**
 * A payment with no seats for it: the refund is owed. A simulated checkout
 * took no money, so it owes nothing; a real payment without an intent cannot
 * be refunded by the server and goes to an administrator instead.
 */
function owePaymentBack(txApp, registration, payment) {
  const { isSimulatedSession } = require(`${__hooks}/lib/checkout/mode.js`);
  const paymentActions = require(`${__hooks}/lib/checkout/payment-actions.js`);
  recordPayment(txApp, registration, payment);
  txApp.save(registration);
  if (isSimulatedSession(payment.sessionId)) return;
  if (!payment.paymentIntentId) {
    paymentActions.flagForReview(txApp, registration, "Paid after its seats were taken, but Stripe named no payment intent: refund it in the Stripe dashboard.");
    return;
  }
  paymentActions.recordRefund(txApp, {
    registrationId: registration.id,
    paymentIntentId: payment.paymentIntentId,
    amountCents: typeof payment.amountTotal === "number" ? payment.amountTotal : registration.getInt("total_amount_cents"),
    currency: registration.getString("currency"),
  });
}

function fulfilInTransaction(txApp, payment) {
  const registration = findRegistrationBySession(txApp, payment.sessionId);
  if (!registration || registration.getString("kind") !== "paid") return { outcome: "not_found", registrationId: "" };
  const registrationId = registration.id;
  const status = registration.getString("status");
  if (status === "paid" || status === "completed") return { outcome: "already_fulfilled", registrationId };
  if (status === "cancelled") {
    owePaymentBack(txApp, registration, payment);
    return { outcome: "seats_gone", registrationId };
  }

  // A waitlist offer's claim: its seat is the offer's, unless a newer claim of the offer took its attendee.
  const claims = require(`${__hooks}/lib/waitlist/offer-claims.js`);
  const claim = claims.claimAtFulfilment(txApp, registration);
  if (claim && claim.gone) {
    setStatuses(txApp, registration, "cancelled", "cancelled");
    owePaymentBack(txApp, registration, payment);
    return { outcome: "seats_gone", registrationId };
  }
  // A lapsed checkout of an early-access link that has registered again since: the link's seats are the other registration's.
  if (!holdsSeats(registration) && require(`${__hooks}/lib/waitlist/early-access-check.js`).linkTakenByAnother(txApp, registration)) {
    setStatuses(txApp, registration, "cancelled", "cancelled");
    owePaymentBack(txApp, registration, payment);
    return { outcome: "seats_gone", registrationId };
  }
  if (!holdsSeats(registration) && !(claim && claim.ownSeat)) {
    const { seatsLeft } = require(`${__hooks}/lib/events/capacity.js`);
    const event = txApp.findRecordById("events", registration.getString("event"));
    if (seatsLeft(txApp, event) < attendeesOf(txApp, registrationId).length) {
      setStatuses(txApp, registration, "cancelled", "cancelled");
      owePaymentBack(txApp, registration, payment);
      return { outcome: "seats_gone", registrationId };
    }
  }
  recordPayment(txApp, registration, payment);
  setStatuses(txApp, registration, "paid", "confirmed");
  if (claim) claims.markClaimed(txApp, claim, registration);
  require(`${__hooks}/lib/email/registration-emails.js`).queueRegistrationEmails(txApp, registrationId);
  return { outcome: "fulfilled", registrationId };
}

/**
 * What follows a fulfilment's commit, outside any transaction: a refund owed
 * is made now (the cron retries it), the confirmation emails are sent now.
 * @param {core.App} app (not a transaction's app)
 * @param {{outcome: string, registrationId: string}} result
 * @returns {{emailWarning?: boolean}}
 */
function completeFulfilment(app, result) {
  if (result.outcome === "seats_gone") {
    require(`${__hooks}/lib/checkout/payment-actions.js`).runPendingForRegistration(app, result.registrationId);
  }
  if (result.outcome !== "fulfilled") return {};
  return { emailWarning: require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(app, result.registrationId) };
}

/**
 * Called with a transaction's app (the webhook records its event id in the
 * same transaction) it cannot know when that commits, so it answers
 * `afterCommit: true` and the caller runs `completeFulfilment` after its own
 * commit; otherwise it runs it itself.
 * @param {core.App} app
 * @param {{sessionId: string, paymentIntentId?: string, amountTotal?: number}} payment
 * @returns {{outcome: 'fulfilled'|'already_fulfilled'|'seats_gone'|'not_found', registrationId: string, emailWarning?: boolean, afterCommit?: boolean}}
 */
function fulfilCheckout(app, payment) {
  let result = null;
  app.runInTransaction((txApp) => {
    result = fulfilInTransaction(txApp, payment);
  });
  if (app.isTransactional()) {
    result.afterCommit = result.outcome === "fulfilled" || result.outcome === "seats_gone";
    return result;
  }
  return Object.assign(result, completeFulfilment(app, result));
}

/**
 * Ends a pending paid registration's hold: registration `expired`, its
 * unconfirmed attendees `cancelled`. Anything not pending is left alone.
 * @param {core.App} txApp
 * @param {core.Record} registration
 */
function expireInTransaction(txApp, registration) {
  if (registration.getString("kind") !== "paid" || registration.getString("status") !== "pending") {
    return { outcome: "unchanged", registrationId: registration.id };
  }
  setStatuses(txApp, registration, "expired", "cancelled", "");
  return { outcome: "released", registrationId: registration.id };
}

/** @param {core.App} app @param {string} sessionId */
function releaseHold(app, sessionId) {
  let result = { outcome: "not_found", registrationId: "" };
  app.runInTransaction((txApp) => {
    const registration = findRegistrationBySession(txApp, sessionId);
    if (registration) result = expireInTransaction(txApp, registration);
  });
  return result;
}

/** @param {core.App} app @param {string} registrationId */
function releaseRegistration(app, registrationId) {
  let result = { outcome: "not_found", registrationId };
  app.runInTransaction((txApp) => {
    result = expireInTransaction(txApp, txApp.findRecordById("registrations", registrationId));
  });
  return result;
}

/**
 * The cron's job: expires pending paid registrations whose hold has lapsed,
 * each in its own short transaction. Returns how many it expired.
 * @param {core.App} app
 */
function expireLapsedHolds(app) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const lapsed = app.findRecordsByFilter(
    "registrations",
    "kind = 'paid' && status = 'pending' && hold_expires_at != '' && hold_expires_at < {:now}",
    "hold_expires_at",
    500,
    0,
    { now: dbNow() },
  );
  let expired = 0;
  for (const candidate of lapsed) {
    app.runInTransaction((txApp) => {
      const registration = txApp.findRecordById("registrations", candidate.id);
      if (holdsSeats(registration)) return;
      if (expireInTransaction(txApp, registration).outcome === "released") expired += 1;
    });
  }
  return expired;
}

module.exports = { findRegistrationBySession, fulfilCheckout, completeFulfilment, releaseHold, releaseRegistration, expireLapsedHolds };
