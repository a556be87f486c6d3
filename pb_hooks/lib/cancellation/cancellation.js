/// <reference path="../../../pb_data/types.d.ts" />
// Cancelling one attendee's seat, with the refund the terms give
// (lib/cancellation/refund-tiers.js), for the routes in cancellation.pb.js:
//   GET  /api/masterclass/cancellations/preview?attendee=…[&token=…]
//   POST /api/masterclass/cancellations {attendee, token?, expectedRefundCents}
//   GET  /api/masterclass/admin/attendees/{id}/cancellation
//   POST /api/masterclass/admin/attendees/{id}/cancel {amountCents, reason}
// Who may cancel: the signed-in owner of the attendee row (its `user`), anyone
// holding that attendee's signed link (lib/cancellation/links.js), or an
// administrator (any amount from 0 to what the attendee paid, less what was
// refunded). The money: the attendee's share of what the registration paid
// (split evenly, the remainder on the first attendee; promo and free ones
// paid nothing) × the tier, never more than the registration's payment less
// its refunds so far. In ONE transaction: the attendee row is saved cancelled
// (a normal save: record hooks see registration_status change to cancelled),
// the refund is recorded in payment_actions (idempotency key per attendee)
// and the notice queued in the outbox. After commit the refund is made
// (lib/checkout/payment-actions.js: claimed per attempt, retried by the cron) and the
// emails sent. Two requests at once (double submit, two tabs, a replay) are
// serialised by SQLite's single writer: the second finds the row cancelled and
// is refused, so one refund is recorded and one is paid.

const ID_PATTERN = /^[a-z0-9]{15}$/;
const MAX_BODY_BYTES = 4096;
const REASON_MAX = 500;
const SELF_CANCELLABLE = ["confirmed"];
const ADMIN_CANCELLABLE = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  attendeeInvalid: "Say which registration to cancel: the attendee must be given by its id.",
  signInOrLink: "Please sign in, or open the cancellation link in your confirmation email.",
  notFound: "We could not find this registration.",
  linkInvalid: "This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.",
  linkExpired: "This cancellation link has expired. Please sign in to the attendee portal or contact us if you need help.",
  alreadyCancelled: "This registration has already been cancelled.",
  waitlisted: "This is a waitlist entry, which holds no seat: there is nothing to cancel.",
  notConfirmed: "Only a confirmed registration can be cancelled.",
  eventStarted: "The masterclass has started, so this registration can no longer be cancelled.",
  expectedInvalid: "Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.",
  refundChanged: (text) => `The refund has changed since it was shown to you: it is now ${text}. Please check it and confirm again.`,
  tokenInvalid: "The cancellation link must be given as it appears in the email.",
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can cancel other attendees.",
  amountInvalid: (max) => `The refund must be a whole number of cents from 0 to ${max}.`,
  reasonRequired: "Please give a reason for the cancellation.",
  reasonTooLong: `The reason can be at most ${REASON_MAX} characters.`,
};


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
  const all = app.findRecordsByFilter("attendees", "registration = {:registration}", "created,id", 0, 0, { registration: registration.id });
  const primary = registration.getString("primary_email").toLowerCase();
  const first = all.findIndex((attendee) => attendee.getString("email").toLowerCase() === primary);
  if (first <= 0) return all;
  return [all[first], ...all.slice(0, first), ...all.slice(first + 1)];
}

function isSimulated(registration) {
  const { SIMULATED_SESSION_PREFIX } = require(`${__hooks}/lib/core/constants.js`);
  return registration.getString("stripe_session_id").startsWith(SIMULATED_SESSION_PREFIX);
}

function untilText(until, timezone) {
  if (!until) return "";
  return require(`${__hooks}/lib/events/format.js`).formatWhen(until, until, timezone);
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
    simulated: isSimulated(registration),
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

/** The preview as the page shows it. */
function previewAnswer(app, facts) {
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const timezone = facts.event.getString("timezone") || "UTC";
  const eventFacts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, facts.event);
  return {
    attendee: { id: facts.attendee.id, fullName: facts.attendee.getString("full_name"), email: facts.attendee.getString("email") },
    event: { id: facts.event.id, title: facts.event.getString("title"), when: eventFacts.when, startsAt: facts.event.getString("starts_at") },
    currency: facts.currency,
    paidCents: facts.shareCents,
    paidText: formatAmount(facts.shareCents, facts.currency),
    refundCents: facts.termsRefundCents,
    refundText: formatAmount(facts.termsRefundCents, facts.currency),
    percent: facts.tier.percent,
    tier: facts.tier.tier,
    tierWords: facts.tier.words,
    until: facts.tier.until ? facts.tier.until.toISOString() : "",
    untilText: untilText(facts.tier.until, timezone),
    free: facts.paidCents === 0,
    simulated: facts.simulated && facts.termsRefundCents > 0,
  };
}

// ---- access --------------------------------------------------------------------------------

function findAttendee(app, id) {
  try {
    return app.findRecordById("attendees", id);
  } catch {
    return null;
  }
}

/**
 * The attendee a self-service request may act on, and how it came: its
 * signed link, or its signed-in owner. Others' rows answer like missing ones.
 * @returns {{attendee: core.Record, by: 'link'|'attendee'}}
 */
function selfServiceAttendee(e, app, attendeeId, token, now) {
  if (typeof attendeeId !== "string" || !ID_PATTERN.test(attendeeId)) throw refusal(400, "attendee", "invalid", MESSAGES.attendeeInvalid);
  if (token !== undefined && token !== null && token !== "") {
    if (typeof token !== "string" || token.length > 200) throw refusal(400, "token", "invalid", MESSAGES.tokenInvalid);
    const verdict = require(`${__hooks}/lib/cancellation/links.js`).checkToken(app, attendeeId, token, now);
    if (verdict === "invalid") throw refusal(403, "token", "invalid", MESSAGES.linkInvalid);
    if (verdict === "expired") throw refusal(403, "token", "expired", MESSAGES.linkExpired);
    const attendee = findAttendee(app, attendeeId);
    if (!attendee) throw refusal(404, "attendee", "not_found", MESSAGES.notFound);
    return { attendee, by: "link" };
  }
  if (!e.auth || e.auth.collection().name !== "users") throw refusal(401, "auth", "unauthorized", MESSAGES.signInOrLink);
  const attendee = findAttendee(app, attendeeId);
  if (!attendee || attendee.getString("user") !== e.auth.id) throw refusal(404, "attendee", "not_found", MESSAGES.notFound);
  return { attendee, by: "attendee" };
}

function requireAdministrator(e) {
  if (!e.auth) throw refusal(401, "auth", "unauthorized", MESSAGES.signIn);
  if (!require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e)) throw refusal(403, "auth", "forbidden", MESSAGES.forbidden);
}

function adminAttendee(e, app) {
  const id = e.request.pathValue("id");
  if (!ID_PATTERN.test(id)) throw refusal(400, "attendee", "invalid", MESSAGES.attendeeInvalid);
  const attendee = findAttendee(app, id);
  if (!attendee) throw refusal(404, "attendee", "not_found", MESSAGES.notFound);
  return attendee;
}

// ---- the write ---------------------------------------------------------------------------

/**
 * In the transaction: the row cancelled, the refund recorded, the notice
 * queued. Returns the payment action's id ("" when nothing is refunded).
 */
function applyCancellation(txApp, facts, { by, refundCents, reason }) {
  const { attendee, registration, event } = facts;
  attendee.set("registration_status", "cancelled");
  attendee.set("cancelled_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
  attendee.set("cancelled_by", by);
  attendee.set("cancellation_reason", reason || "");
  txApp.save(attendee);

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
    registration, attendee, event, by, paid: facts.paidCents > 0, refundCents, tierWords: facts.tier.words, simulated: facts.simulated,
  });
  return actionId;
}

/**
 * Runs `decide(txApp)` in one transaction; a refusal it returns is thrown
 * after the transaction (which then wrote nothing).
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

// ---- self-service routes -------------------------------------------------------------------

/** GET /api/masterclass/cancellations/preview?attendee=…[&token=…] @param {core.RequestEvent} e */
function handlePreview(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const query = e.request.url.query();
    const now = new Date();
    const { attendee } = selfServiceAttendee(e, e.app, query.get("attendee"), query.get("token"), now);
    const facts = assess(e.app, attendee, now);
    const refused = stateRefusal(facts, SELF_CANCELLABLE, true);
    if (refused) throw refused;
    return e.json(200, previewAnswer(e.app, facts));
  });
}

function readSelfBody(e) {
  const body = require(`${__hooks}/lib/core/errors.js`).readJsonObject(e, MAX_BODY_BYTES);
  const expected = body.expectedRefundCents;
  if (typeof expected !== "number" || !Number.isInteger(expected) || expected < 0) {
    throw refusal(400, "expectedRefundCents", "invalid", MESSAGES.expectedInvalid);
  }
  return { attendeeId: body.attendee, token: body.token, expected };
}

/** POST /api/masterclass/cancellations {attendee, token?, expectedRefundCents} @param {core.RequestEvent} e */
function handleCancel(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const { attendeeId, token, expected } = readSelfBody(e);
    const result = inTransaction(e.app, (txApp) => {
      const now = new Date();
      const { attendee, by } = selfServiceAttendee(e, txApp, attendeeId, token, now);
      const facts = assess(txApp, attendee, now);
      const refused = stateRefusal(facts, SELF_CANCELLABLE, true);
      if (refused) throw refused;
      if (facts.termsRefundCents !== expected) {
        const preview = previewAnswer(txApp, facts);
        throw refusal(409, "expectedRefundCents", "refund_changed", MESSAGES.refundChanged(`${preview.refundText} (${preview.tierWords})`), { preview });
      }
      const actionId = applyCancellation(txApp, facts, { by, refundCents: facts.termsRefundCents, reason: "" });
      return { facts, actionId };
    });
    const refund = afterCommit(e.app, result.facts.registration.id, result.actionId);
    e.app.logger().info("Attendee cancelled", "attendee", attendeeId, "refund_cents", result.facts.termsRefundCents, "refund", refund.status);
    return e.json(200, cancelledAnswer(result.facts, result.facts.termsRefundCents, refund));
  });
}

// ---- administrators ------------------------------------------------------------------------

function refundRows(app, attendee) {
  const actions = app.findRecordsByFilter(
    "payment_actions",
    "kind = 'refund' && (attendee = {:attendee} || (registration = {:registration} && attendee = ''))",
    "created,id", 0, 0,
    { attendee: attendee.id, registration: attendee.getString("registration") },
  );
  return actions.map((action) => ({
    id: action.id,
    scope: action.getString("attendee") ? "attendee" : "registration",
    amountCents: action.getInt("amount_cents"),
    currency: action.getString("currency"),
    status: action.getString("status"),
    stripeStatus: action.getString("stripe_status"),
    stripeId: action.getString("stripe_id"),
    simulated: action.getBool("simulated"),
    attempts: action.getInt("attempts"),
    lastError: action.getString("last_error"),
    nextAttemptAt: action.getString("status") === "pending" ? action.getString("next_attempt_at") : "",
    reason: action.getString("reason"),
    created: action.getString("created"),
  }));
}

/** GET /api/masterclass/admin/attendees/{id}/cancellation @param {core.RequestEvent} e */
function handleAdminStatus(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    requireAdministrator(e);
    const attendee = adminAttendee(e, e.app);
    const facts = assess(e.app, attendee, new Date());
    const refused = stateRefusal(facts, ADMIN_CANCELLABLE, false);
    const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
    return e.json(200, {
      status: attendee.getString("registration_status"),
      cancellable: !refused,
      blocked: refused ? refused.message : "",
      cancelledAt: attendee.getString("cancelled_at"),
      cancelledBy: attendee.getString("cancelled_by"),
      cancellationReason: attendee.getString("cancellation_reason"),
      currency: facts.currency,
      paidCents: facts.shareCents,
      maxRefundCents: facts.refundableCents,
      maxRefundText: formatAmount(facts.refundableCents, facts.currency),
      terms: { tier: facts.tier.tier, percent: facts.tier.percent, words: facts.tier.words, refundCents: facts.termsRefundCents },
      simulated: facts.simulated,
      refunds: refundRows(e.app, attendee),
    });
  });
}

function readAdminBody(e) {
  const body = require(`${__hooks}/lib/core/errors.js`).readJsonObject(e, MAX_BODY_BYTES);
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (!reason) throw refusal(400, "reason", "required", MESSAGES.reasonRequired);
  if (reason.length > REASON_MAX) throw refusal(400, "reason", "too_long", MESSAGES.reasonTooLong);
  return { amount: body.amountCents, reason };
}

/** POST /api/masterclass/admin/attendees/{id}/cancel {amountCents, reason} @param {core.RequestEvent} e */
function handleAdminCancel(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    requireAdministrator(e);
    const { amount, reason } = readAdminBody(e);
    const result = inTransaction(e.app, (txApp) => {
      const attendee = adminAttendee(e, txApp);
      const facts = assess(txApp, attendee, new Date());
      const refused = stateRefusal(facts, ADMIN_CANCELLABLE, false);
      if (refused) throw refused;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 0 || amount > facts.refundableCents) {
        throw refusal(400, "amountCents", "invalid", MESSAGES.amountInvalid(facts.refundableCents), { maxRefundCents: facts.refundableCents });
      }
      const actionId = applyCancellation(txApp, facts, { by: "administrator", refundCents: amount, reason });
      return { facts, actionId, amount };
    });
    const refund = afterCommit(e.app, result.facts.registration.id, result.actionId);
    e.app.logger().info("Attendee cancelled by an administrator", "attendee", result.facts.attendee.id, "refund_cents", result.amount, "refund", refund.status, "by", e.auth ? e.auth.id : "");
    return e.json(200, { ...cancelledAnswer(result.facts, result.amount, refund), refunds: refundRows(e.app, e.app.findRecordById("attendees", result.facts.attendee.id)) });
  });
}

module.exports = { MESSAGES, registrationPaidCents, handlePreview, handleCancel, handleAdminStatus, handleAdminCancel };
