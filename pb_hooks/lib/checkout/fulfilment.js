/// <reference path="../../../pb_data/types.d.ts" />
// The one place a paid registration changes state. `fulfilCheckout` is used by
// the webhook, the return check and the simulated checkout, and is idempotent:
// a replay finds the registration already paid and does nothing. A payment
// that arrives after its hold lapsed is honoured only if seats are still free;
// otherwise the registration is cancelled and a refund is recorded in the same
// transaction, then made after commit (lib/checkout/payment-actions.js), whichever path
// (webhook or return check) got there first. Any other reason a paid
// registration cannot be confirmed ends the same way: an attendee deleted or
// anonymised while the buyer paid, or anything thrown while confirming (then
// a second transaction records the refusal and the refund, refuseAfterError).
// No payment is kept without its seats: every refusal refunds through the one
// refund path, emails the buyer and flags the registration with the reason.

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
function owePaymentBack(txApp, registration, payment, reason) {
  const { isSimulatedSession } = require(`${__hooks}/lib/checkout/mode.js`);
  const paymentActions = require(`${__hooks}/lib/checkout/payment-actions.js`);
  const why = reason || paymentActions.REFUND_REASONS.seatsGone;
  recordPayment(txApp, registration, payment);
  txApp.save(registration);
  if (isSimulatedSession(payment.sessionId)) return;
  if (!payment.paymentIntentId) {
    paymentActions.flagForReview(txApp, registration, `Paid, but not confirmed (${why}) and Stripe named no payment intent: refund it in the Stripe dashboard.`);
    return;
  }
  paymentActions.recordRefund(txApp, {
    registrationId: registration.id,
    paymentIntentId: payment.paymentIntentId,
    amountCents: typeof payment.amountTotal === "number" ? payment.amountTotal : registration.getInt("total_amount_cents"),
    currency: registration.getString("currency"),
    reason: why,
  });
}

/**
 * Why a paid registration's attendees cannot be confirmed, or "": its
 * masterclass cancelled, none left (deleted while the buyer paid), or an address its confirmation could never
 * be sent to (anonymised meanwhile, or changed to a reserved domain). Read
 * before anything is written.
 */
function attendeeRefusal(txApp, registration) {
  const { isValidEmail, isReservedEmailDomain } = require(`${__hooks}/lib/registration/validation.js`);
  const { isPlaceholder } = require(`${__hooks}/lib/accounts/anonymise.js`);
  // The whole masterclass cancelled by an administrator while the buyer paid (lib/notices/cancel-event.js).
  if (txApp.findRecordById("events", registration.getString("event")).getString("cancelled_at") !== "") return "the masterclass was cancelled while the buyer paid";
  const attendees = attendeesOf(txApp, registration.id);
  if (attendees.length === 0) return "every attendee of the registration was deleted before the payment arrived";
  const unreachable = attendees.find((attendee) => {
    const email = attendee.getString("email");
    return isPlaceholder(email) || !isValidEmail(email) || isReservedEmailDomain(email);
  });
  if (unreachable) return `attendee ${unreachable.id}'s email address can never receive the ticket (their details were deleted or changed while the buyer paid)`;
  return "";
}

/**
 * A paid registration that cannot be confirmed: cancelled, flagged with the
 * reason for an administrator, and its payment owed back (refunded after
 * commit; the buyer is emailed once Stripe confirms).
 * @param {core.App} txApp
 * @param {core.Record} registration
 * @param {{sessionId: string, paymentIntentId?: string, amountTotal?: number}} payment
 * @param {string} reason what went wrong, for the refund's record and the review note
 */
function refuseAfterPayment(txApp, registration, payment, reason) {
  const paymentActions = require(`${__hooks}/lib/checkout/payment-actions.js`);
  const why = `${paymentActions.REFUND_REASONS.refused}: ${reason}`.slice(0, 500);
  registration.set("status", "cancelled");
  txApp.save(registration);
  // The attendees too, where they can still be saved (the registration's status alone frees its hold).
  for (const attendee of attendeesOf(txApp, registration.id)) {
    if (attendee.getString("registration_status") === "cancelled") continue;
    try {
      attendee.set("registration_status", "cancelled");
      txApp.save(attendee);
    } catch (error) {
      txApp.logger().warn("A refused paid registration's attendee could not be marked cancelled", "attendee", attendee.id,
        "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
  }
  paymentActions.flagForReview(txApp, registration, `Paid, but could not be confirmed: ${reason}. The payment is refunded.`);
  owePaymentBack(txApp, registration, payment, why);
  return { outcome: "refused", registrationId: registration.id, reason };
}

function fulfilInTransaction(txApp, payment) {
  const registration = findRegistrationBySession(txApp, payment.sessionId);
  if (!registration || registration.getString("kind") !== "paid") return { outcome: "not_found", registrationId: "" };
  const registrationId = registration.id;
  const status = registration.getString("status");
  if (status === "paid" || status === "completed") return { outcome: "already_fulfilled", registrationId };
  if (status === "cancelled") {
    // Refused before (seats gone, or anything else): a replay or another path adds nothing (one key per registration).
    owePaymentBack(txApp, registration, payment, require(`${__hooks}/lib/checkout/payment-actions.js`).refundReason(txApp, registrationId));
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
  // Seats there are, but nobody they could be confirmed for: refused and refunded, before anything is written.
  const refused = attendeeRefusal(txApp, registration);
  if (refused) return refuseAfterPayment(txApp, registration, payment, refused);
  recordPayment(txApp, registration, payment);
  setStatuses(txApp, registration, "paid", "confirmed");
  // Paid after its checkout expired: its code's uses, given back then, are taken again.
  if (status === "expired") require(`${__hooks}/lib/registration/promo.js`).retakeUses(txApp, registration);
  // Each seat carries its own price from now on (lib/cancellation/seat-money.js).
  require(`${__hooks}/lib/cancellation/seat-money.js`).assignSeatPrices(txApp, registration);
  if (claim) claims.markClaimed(txApp, claim, registration);
  require(`${__hooks}/lib/email/registration-emails.js`).queueRegistrationEmails(txApp, registrationId);
  return { outcome: "fulfilled", registrationId };
}

/**
 * What follows a fulfilment's commit, outside any transaction: a refund owed
 * is made now (the cron retries it), the confirmation emails are sent now.
 * The payment is recorded by then, so nothing here fails the caller (the
 * simulated checkout's answer, the webhook's): a fault is logged once and
 * left to the crons that retry refunds and emails.
 * @param {core.App} app (not a transaction's app)
 * @param {{outcome: string, registrationId: string}} result
 * @returns {{emailWarning?: boolean}}
 */
function completeFulfilment(app, result) {
  try {
    if (result.outcome === "seats_gone" || result.outcome === "refused") {
      require(`${__hooks}/lib/checkout/payment-actions.js`).runPendingForRegistration(app, result.registrationId);
    }
    if (result.outcome !== "fulfilled") return {};
    return { emailWarning: require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(app, result.registrationId) };
  } catch (error) {
    app.logger().error("After a recorded payment, a refund or an email could not be completed now; the crons retry it",
      "registration", result.registrationId, "outcome", result.outcome, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    return result.outcome === "fulfilled" ? { emailWarning: true } : {};
  }
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
  try {
    app.runInTransaction((txApp) => {
      result = fulfilInTransaction(txApp, payment);
    });
  } catch (error) {
    // Inside the caller's transaction the caller decides (the webhook calls refuseAfterError after its rollback).
    if (app.isTransactional()) throw error;
    result = refuseAfterError(app, payment, error);
  }
  if (app.isTransactional()) {
    result.afterCommit = ["fulfilled", "seats_gone", "refused"].includes(result.outcome);
    return result;
  }
  return Object.assign(result, completeFulfilment(app, result));
}

/** SQLite busy or locked: gone in a moment, so the payment is confirmed on the next try, not refunded. */
function isTransient(error) {
  return /database is locked|SQLITE_BUSY|database table is locked/i.test(require(`${__hooks}/lib/core/errors.js`).describeError(error));
}

/**
 * After a fulfilment threw and wrote nothing: in a new transaction, the paid
 * registration is refused and its payment owed back, with the error as the
 * reason. A transient error is thrown again (the webhook answers 503 and
 * Stripe retries; the return page asks again). Not completed here: the caller
 * runs completeFulfilment after its own commit (or fulfilCheckout does).
 * @param {core.App} app
 * @param {{sessionId: string, paymentIntentId?: string, amountTotal?: number}} payment
 * @param {any} error what the fulfilment threw
 * @param {(txApp: core.App) => void} [alsoInTransaction] more writes for the same transaction (the webhook's event id)
 */
function refuseAfterError(app, payment, error, alsoInTransaction) {
  if (isTransient(error)) throw error;
  const detail = require(`${__hooks}/lib/core/errors.js`).describeError(error);
  app.logger().error("A paid checkout could not be confirmed; its payment is refunded", "sessionId", payment.sessionId, "error", detail);
  let result = null;
  app.runInTransaction((txApp) => {
    if (alsoInTransaction) alsoInTransaction(txApp);
    const registration = findRegistrationBySession(txApp, payment.sessionId);
    if (!registration || registration.getString("kind") !== "paid") {
      result = { outcome: "not_found", registrationId: "" };
      return;
    }
    const status = registration.getString("status");
    if (status === "paid" || status === "completed") {
      result = { outcome: "already_fulfilled", registrationId: registration.id };
      return;
    }
    result = refuseAfterPayment(txApp, registration, payment, `confirming it failed (${detail})`);
  });
  return result;
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
  // A discount code's uses go back with the seats.
  require(`${__hooks}/lib/registration/promo.js`).releaseUses(txApp, registration);
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

module.exports = { findRegistrationBySession, fulfilCheckout, completeFulfilment, refuseAfterError, releaseHold, releaseRegistration, expireLapsedHolds };
