/// <reference path="../../../pb_data/types.d.ts" />
// Administrators cancel an attendee's seat with a refund of their choosing
// (any amount from 0 to what the seat paid, less what was refunded of it and
// of the order; lib/cancellation/rules.js, lib/cancellation/seat-money.js):
//   GET  /api/masterclass/admin/attendees/{id}/cancellation — an attendee's refunds and what may be refunded
//   POST /api/masterclass/admin/attendees/{id}/cancel {amountCents, reason} — cancel with that refund
//   POST /api/masterclass/admin/attendees/{id}/delete {refund, amountCents?, reason?} — Delete of an
//        attendee who paid for their seat: the same choices (refund: "terms", "amount" with a reason,
//        or "none" with a reason), recorded as a cancellation; the row is kept as the payment's record
// A guest gets 401, anyone else who is not an administrator 403, before
// anything is read.

const MAX_BODY_BYTES = 4096;
const REASON_MAX = 500;

const MESSAGES = {
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can cancel other attendees.",
  amountInvalid: (max) => `The refund must be a whole number of cents from 0 to ${max}.`,
  reasonRequired: "Please give a reason for the cancellation.",
  reasonTooLong: `The reason can be at most ${REASON_MAX} characters.`,
  refundChoice: "Choose the refund: by the terms, another amount, or no refund.",
  deleteReasonRequired: "Please give a reason: it is kept with the deletion.",
  notPaidSeat: "This attendee holds no paid seat, so there is no refund to decide: delete them directly.",
};

/** How a deletion's reason is kept, so the record says the seat was deleted, not only cancelled. */
const DELETED_PREFIX = "Deleted by an administrator";
const REFUND_CHOICES = ["terms", "amount", "none"];

function rules() {
  return require(`${__hooks}/lib/cancellation/rules.js`);
}

/** The attendee the path names, for an administrator: 401 for a guest, 403 for anyone else, before anything is read. */
function adminAttendee(e, app) {
  const { refusal, findAttendee, MESSAGES: RULES } = rules();
  const id = e.request.pathValue("id");
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id)) throw refusal(400, "attendee", "invalid", RULES.attendeeInvalid);
  const attendee = findAttendee(app, id);
  if (!attendee) throw refusal(404, "attendee", "not_found", RULES.notFound);
  return attendee;
}

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
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
    const attendee = adminAttendee(e, e.app);
    const { assess, stateRefusal, ADMIN_CANCELLABLE } = rules();
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
      priceCents: facts.seat.priceCents,
      refundedCents: facts.refundedCents,
      transferredTo: facts.seat.transferredTo ? facts.seat.transferredTo.fullName : "",
      maxRefundCents: facts.refundableCents,
      maxRefundText: formatAmount(facts.refundableCents, facts.currency),
      terms: { tier: facts.tier.tier, percent: facts.tier.percent, words: facts.tier.words, refundCents: facts.termsRefundCents },
      simulated: facts.simulated,
      paidSeat: holdsPaidSeat(facts),
      refunds: refundRows(e.app, attendee),
    });
  });
}

/** The refund an administrator typed, a whole number of cents from 0 to what may be refunded, or a refusal thrown. */
function checkedRefundCents(amount, facts) {
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 0 || amount > facts.refundableCents) {
    throw rules().refusal(400, "amountCents", "invalid", MESSAGES.amountInvalid(facts.refundableCents), { maxRefundCents: facts.refundableCents });
  }
  return amount;
}

function readAdminBody(e) {
  const body = require(`${__hooks}/lib/core/errors.js`).readJsonObject(e, MAX_BODY_BYTES);
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  const { refusal } = rules();
  if (!reason) throw refusal(400, "reason", "required", MESSAGES.reasonRequired);
  if (reason.length > REASON_MAX) throw refusal(400, "reason", "too_long", MESSAGES.reasonTooLong);
  return { amount: body.amountCents, reason };
}

/** POST /api/masterclass/admin/attendees/{id}/cancel {amountCents, reason} @param {core.RequestEvent} e */
function handleAdminCancel(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
    const { amount, reason } = readAdminBody(e);
    const { assess, stateRefusal, ADMIN_CANCELLABLE } = rules();
    const cancel = require(`${__hooks}/lib/cancellation/cancel.js`);
    const result = cancel.inTransaction(e.app, (txApp) => {
      const attendee = adminAttendee(e, txApp);
      const facts = assess(txApp, attendee, new Date());
      const refused = stateRefusal(facts, ADMIN_CANCELLABLE, false);
      if (refused) throw refused;
      checkedRefundCents(amount, facts);
      const actionId = cancel.applyCancellation(txApp, facts, { by: "administrator", refundCents: amount, reason });
      return { facts, actionId, amount };
    });
    const refund = cancel.afterCommit(e.app, result.facts.registration.id, result.actionId);
    e.app.logger().info("Attendee cancelled by an administrator", "attendee", result.facts.attendee.id, "refund_cents", result.amount, "refund", refund.status, "by", e.auth ? e.auth.id : "");
    return e.json(200, { ...cancel.cancelledAnswer(result.facts, result.amount, refund), refunds: refundRows(e.app, e.app.findRecordById("attendees", result.facts.attendee.id)) });
  });
}

/** Whether the attendee holds a seat someone paid for (a confirmed attendee or observer whose seat has a price). */
function holdsPaidSeat(facts) {
  return rules().ADMIN_CANCELLABLE.includes(facts.attendee.getString("registration_status")) && facts.shareCents > 0;
}

/** The delete request's refund choice, checked against the facts: `{amount, reason}` or a refusal thrown. */
function deleteDecision(body, facts) {
  const { refusal } = rules();
  const choice = body.refund;
  if (!REFUND_CHOICES.includes(choice)) throw refusal(400, "refund", "required", MESSAGES.refundChoice);
  const typed = typeof body.reason === "string" ? body.reason.trim() : "";
  if (choice !== "terms" && !typed) throw refusal(400, "reason", "required", MESSAGES.deleteReasonRequired);
  if (typed.length > REASON_MAX) throw refusal(400, "reason", "too_long", MESSAGES.reasonTooLong);
  let amount = 0;
  if (choice === "terms") amount = facts.termsRefundCents;
  if (choice === "amount") amount = checkedRefundCents(body.amountCents, facts);
  const why = choice === "terms"
    ? `refund by the terms${facts.tier.words ? ` (${facts.tier.words})` : ""}${typed ? `: ${typed}` : ""}`
    : `${choice === "none" ? "no refund" : "refund of another amount"}: ${typed}`;
  return { amount, reason: `${DELETED_PREFIX}, ${why}`.slice(0, REASON_MAX) };
}

/**
 * POST /api/masterclass/admin/attendees/{id}/delete {refund, amountCents?, reason?}
 * An administrator's Delete of an attendee who paid for their seat: the seat
 * is freed through the cancellation (the refund of their choosing recorded in
 * payment_actions, the reason on the attendee's row, the attendee emailed),
 * and the row is kept, cancelled, as the record of the payment and its refund.
 * @param {core.RequestEvent} e
 */
function handleAdminDelete(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
    const body = require(`${__hooks}/lib/core/errors.js`).readJsonObject(e, MAX_BODY_BYTES);
    const { assess, stateRefusal, refusal, ADMIN_CANCELLABLE } = rules();
    const cancel = require(`${__hooks}/lib/cancellation/cancel.js`);
    const result = cancel.inTransaction(e.app, (txApp) => {
      const attendee = adminAttendee(e, txApp);
      const facts = assess(txApp, attendee, new Date());
      const refused = stateRefusal(facts, ADMIN_CANCELLABLE, false);
      if (refused) throw refused;
      if (!holdsPaidSeat(facts)) throw refusal(409, "attendee", "not_paid", MESSAGES.notPaidSeat);
      const { amount, reason } = deleteDecision(body, facts);
      const actionId = cancel.applyCancellation(txApp, facts, { by: "administrator", refundCents: amount, reason });
      return { facts, actionId, amount, reason };
    });
    const refund = cancel.afterCommit(e.app, result.facts.registration.id, result.actionId);
    e.app.logger().info("Paid attendee deleted by an administrator: seat cancelled, row kept", "attendee", result.facts.attendee.id,
      "refund_cents", result.amount, "refund", refund.status, "by", e.auth ? e.auth.id : "");
    return e.json(200, {
      ...cancel.cancelledAnswer(result.facts, result.amount, refund),
      kept: true,
      reason: result.reason,
      refunds: refundRows(e.app, e.app.findRecordById("attendees", result.facts.attendee.id)),
    });
  });
}

module.exports = { MESSAGES, DELETED_PREFIX, holdsPaidSeat, handleAdminStatus, handleAdminCancel, handleAdminDelete };
