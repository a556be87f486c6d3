/// <reference path="../../../pb_data/types.d.ts" />
// Stripe calls the server owes (refunds), as `payment_actions` rows: a whole
// registration's payment whose seats were gone, or one cancelled attendee's
// share (`attendee` set, partial: `amount_cents`). The decision is recorded
// inside the caller's transaction; the call is made after commit (never
// holding SQLite's writer across the network) and retried by a cron job with
// back-off until Stripe confirms. Each attempt first claims the row in a short
// transaction (attempts + 1, next try pushed out), so two paths finishing at
// once never call Stripe twice for the same action, and the idempotency key
// (one per registration, or per attendee cancellation) makes Stripe answer a
// repeated call with the first refund. A refund of a simulated checkout's
// payment (`simulated`) is recorded and settled the same way without calling
// Stripe: no money moved.

// Minutes to wait after the 1st, 2nd, … failed attempt. The schedule reaches
// past 24 hours because Stripe replays a saved answer (even a 500) to the same
// idempotency key for a day; the last attempt then gets a fresh answer.
const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240, 720, 1440];
const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;
const DUE_BATCH = 100;

/** Why a whole registration's payment is refunded, as administrators read it on the refund. */
const REFUND_REASONS = {
  seatsGone: "Paid after its seats were taken",
  refused: "Paid, but the registration could not be confirmed",
};


/**
 * Flags a registration for an administrator, keeping earlier notes. Saves it.
 * @param {core.App} txApp
 * @param {core.Record} registration
 * @param {string} note
 */
function flagForReview(txApp, registration, note) {
  const notes = registration.getString("review_note");
  if (notes.includes(note)) return;
  registration.set("needs_review", true);
  registration.set("review_note", notes ? `${notes}\n${note}` : note);
  txApp.save(registration);
}

/**
 * Records a full refund of a registration's payment, once: a replay finds
 * the row by its idempotency key and adds nothing.
 * @param {core.App} txApp
 * @param {{registrationId: string, paymentIntentId: string, amountCents: number, currency: string, reason?: string}} refund
 */
function recordRefund(txApp, { registrationId, paymentIntentId, amountCents, currency, reason }) {
  const idempotencyKey = `refund-${registrationId}`;
  if (txApp.countRecords("payment_actions", $dbx.hashExp({ idempotency_key: idempotencyKey })) > 0) return;
  const action = new Record(txApp.findCachedCollectionByNameOrId("payment_actions"));
  action.load({
    kind: "refund",
    registration: registrationId,
    payment_intent: paymentIntentId,
    amount_cents: amountCents,
    currency,
    reason: String(reason || REFUND_REASONS.seatsGone).slice(0, 500),
    idempotency_key: idempotencyKey,
    status: "pending",
    attempts: 0,
    next_attempt_at: require(`${__hooks}/lib/core/db-date.js`).dbNow(),
  });
  txApp.save(action);
}

/** The reason of a registration's whole refund already recorded (seats gone when there is none). */
function refundReason(txApp, registrationId) {
  const found = txApp.findRecordsByFilter("payment_actions", "idempotency_key = {:key}", "", 1, 0, { key: `refund-${registrationId}` });
  return found.length > 0 && found[0].getString("reason") ? found[0].getString("reason") : REFUND_REASONS.seatsGone;
}

/** The idempotency key of one attendee's cancellation refund: an attendee is cancelled once. */
function attendeeRefundKey(attendeeId) {
  return `refund-attendee-${attendeeId}`;
}

/**
 * Records the refund of one cancelled attendee's share, once per attendee.
 * Without a payment intent (a real payment Stripe named none) it cannot be
 * made by the server: it is recorded as failed at once and the registration
 * flagged for an administrator.
 * @param {core.App} txApp
 * @param {{registrationId: string, attendeeId: string, paymentIntentId: string, amountCents: number, currency: string, reason: string, simulated: boolean}} refund
 * @returns {core.Record} the action (the one already recorded, on a replay)
 */
function recordAttendeeRefund(txApp, refund) {
  const idempotencyKey = attendeeRefundKey(refund.attendeeId);
  const existing = txApp.findRecordsByFilter("payment_actions", "idempotency_key = {:key}", "", 1, 0, { key: idempotencyKey });
  if (existing.length > 0) return existing[0];
  const action = new Record(txApp.findCachedCollectionByNameOrId("payment_actions"));
  const unpayable = !refund.simulated && !refund.paymentIntentId;
  const note = "Stripe named no payment intent for this payment: refund it in the Stripe dashboard.";
  action.load({
    kind: "refund",
    registration: refund.registrationId,
    attendee: refund.attendeeId,
    payment_intent: refund.paymentIntentId || "",
    amount_cents: refund.amountCents,
    currency: refund.currency,
    reason: String(refund.reason || "").slice(0, 500),
    simulated: !!refund.simulated,
    idempotency_key: idempotencyKey,
    status: unpayable ? "failed" : "pending",
    attempts: 0,
    last_error: unpayable ? note : "",
    next_attempt_at: require(`${__hooks}/lib/core/db-date.js`).dbNow(),
  });
  txApp.save(action);
  if (unpayable) {
    flagForReview(txApp, txApp.findRecordById("registrations", refund.registrationId), `Refund for attendee ${refund.attendeeId}: ${note}`);
    require(`${__hooks}/lib/cancellation/emails.js`).queueRefundFailedEmails(txApp, action);
  }
  return action;
}

/** Takes a due pending action for one attempt; null when it is not due or not pending. */
function claim(app, actionId) {
  const { dbNow, dbMinutesFromNow } = require(`${__hooks}/lib/core/db-date.js`);
  let claimed = null;
  app.runInTransaction((txApp) => {
    const action = txApp.findRecordById("payment_actions", actionId);
    if (action.getString("status") !== "pending" || action.getString("next_attempt_at") > dbNow()) return;
    const attempts = action.getInt("attempts") + 1;
    action.set("attempts", attempts);
    // Also a lease: a crash during the call leaves the action due again later.
    action.set("next_attempt_at", dbMinutesFromNow(RETRY_DELAYS_MINUTES[Math.min(attempts, RETRY_DELAYS_MINUTES.length) - 1]));
    txApp.save(action);
    claimed = {
      id: action.id,
      attempts,
      registrationId: action.getString("registration"),
      attendeeId: action.getString("attendee"),
      paymentIntentId: action.getString("payment_intent"),
      amountCents: action.getInt("amount_cents"),
      simulated: action.getBool("simulated"),
      idempotencyKey: action.getString("idempotency_key"),
      reason: action.getString("reason"),
    };
  });
  return claimed;
}

// Refund statuses Stripe may answer with that mean the money is not coming back.
const REFUSED_STATUSES = ["failed", "canceled"];

/**
 * The Stripe call, outside any transaction: `{stripeId, stripeStatus}` when
 * done, `{error, stripeStatus?}` otherwise. An attendee's refund is partial
 * (its amount); a registration's is the whole payment.
 */
function callStripe(claimed) {
  if (claimed.simulated) return { stripeId: "", stripeStatus: "simulated" };
  try {
    const refund = require(`${__hooks}/lib/checkout/stripe.js`).refundPayment(claimed.attendeeId ? claimed : { ...claimed, amountCents: undefined });
    const stripeStatus = String(refund.status || "");
    if (REFUSED_STATUSES.includes(stripeStatus)) {
      return { error: `Stripe reported the refund ${refund.id || ""} as ${stripeStatus}.`, stripeStatus };
    }
    return { stripeId: refund.id || "", stripeStatus };
  } catch (error) {
    // Refunded before (an attempt whose answer was lost, or by hand in the dashboard): done.
    if (error && error.stripeCode === "charge_already_refunded") return { stripeId: "", stripeStatus: "already_refunded" };
    return { error: require(`${__hooks}/lib/core/errors.js`).describeError(error) };
  }
}

/** Saves an attempt's result; a done refund queues the buyer's notice in the same transaction. */
function settle(app, claimed, result) {
  let failed = false;
  app.runInTransaction((txApp) => {
    const action = txApp.findRecordById("payment_actions", claimed.id);
    if (result.stripeStatus) action.set("stripe_status", result.stripeStatus);
    if (result.error === undefined) {
      action.set("status", "done");
      action.set("stripe_id", result.stripeId);
      action.set("last_error", "");
      txApp.save(action);
      // An attendee's cancellation notice already named the refund; a whole registration's is told now.
      if (!claimed.attendeeId) {
        const seatsGone = !claimed.reason || claimed.reason.startsWith(REFUND_REASONS.seatsGone);
        require(`${__hooks}/lib/email/registration-emails.js`).queueRefundEmail(txApp, claimed.registrationId, { seatsGone });
      }
      return;
    }
    action.set("last_error", result.error.slice(0, 2000));
    if (claimed.attempts >= MAX_ATTEMPTS) {
      failed = true;
      action.set("status", "failed");
      const registration = txApp.findRecordById("registrations", claimed.registrationId);
      const whose = claimed.attendeeId ? ` for attendee ${claimed.attendeeId}` : "";
      flagForReview(txApp, registration, `Refund of ${claimed.paymentIntentId}${whose} failed after ${claimed.attempts} attempts (${result.error}): refund it in the Stripe dashboard.`);
    }
    txApp.save(action);
    if (failed && claimed.attendeeId) require(`${__hooks}/lib/cancellation/emails.js`).queueRefundFailedEmails(txApp, action);
  });
  return failed;
}

/**
 * One attempt at one action, after commit. Never throws: a failure stays on
 * the row for the next attempt.
 * @param {core.App} app (not a transaction's app)
 * @param {string} actionId
 */
function executeAction(app, actionId) {
  const logger = app.logger();
  const claimed = claim(app, actionId);
  if (!claimed) return "skipped";
  const result = callStripe(claimed);
  const failed = settle(app, claimed, result);
  if (result.error === undefined) {
    logger.info("Payment refunded", "registration", claimed.registrationId, "attendee", claimed.attendeeId, "refund", result.stripeId, "status", result.stripeStatus);
    require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(app, claimed.registrationId);
    return "done";
  }
  const details = ["registration", claimed.registrationId, "attendee", claimed.attendeeId, "attempt", claimed.attempts, "error", result.error];
  if (failed) {
    logger.error("Refund failed for good; the registration is flagged for review", ...details);
    if (claimed.attendeeId) require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(app, claimed.registrationId);
  } else {
    logger.warn("Refund failed; it will be retried", ...details);
  }
  return failed ? "failed" : "pending";
}

function executeAll(app, actions) {
  if (actions.length === 0) return 0;
  // A simulated refund moves no money and needs no Stripe; a real one waits for Stripe to be configured.
  const stripe = require(`${__hooks}/lib/checkout/mode.js`).checkoutMode() === "stripe";
  const runnable = actions.filter((action) => stripe || action.getBool("simulated"));
  if (runnable.length < actions.length) {
    app.logger().warn("Payment actions wait: Stripe is not configured on this server", "pending", actions.length - runnable.length);
  }
  let done = 0;
  for (const action of runnable) {
    try {
      if (executeAction(app, action.id) === "done") done += 1;
    } catch (error) {
      app.logger().error("Payment action could not be attempted", "action", action.id, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
  }
  return done;
}

/** After a commit: the registration's due actions now. @param {core.App} app @param {string} registrationId */
function runPendingForRegistration(app, registrationId) {
  const due = app.findRecordsByFilter("payment_actions", "registration = {:id} && status = 'pending' && next_attempt_at <= {:now}",
    "next_attempt_at", 0, 0, { id: registrationId, now: require(`${__hooks}/lib/core/db-date.js`).dbNow() });
  return executeAll(app, due);
}

/** The cron's job: every due pending action. Returns how many were done. @param {core.App} app */
function runDueActions(app) {
  const due = app.findRecordsByFilter("payment_actions", "status = 'pending' && next_attempt_at <= {:now}",
    "next_attempt_at", DUE_BATCH, 0, { now: require(`${__hooks}/lib/core/db-date.js`).dbNow() });
  return executeAll(app, due);
}

/**
 * After a commit: one action now, if it is due (a simulated one whatever the
 * checkout mode). Returns its status afterwards.
 * @param {core.App} app (not a transaction's app)
 * @param {string} actionId
 */
function runActionNow(app, actionId) {
  const action = app.findRecordById("payment_actions", actionId);
  if (action.getString("status") === "pending") executeAll(app, [action]);
  return app.findRecordById("payment_actions", actionId);
}

module.exports = {
  MAX_ATTEMPTS,
  REFUND_REASONS,
  attendeeRefundKey,
  flagForReview,
  recordRefund,
  refundReason,
  recordAttendeeRefund,
  executeAction,
  runActionNow,
  runPendingForRegistration,
  runDueActions,
};
