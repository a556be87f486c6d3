/// <reference path="../../../pb_data/types.d.ts" />
// Self-service cancellation, with the refund the terms give (lib/cancellation/rules.js):
//   GET  /api/masterclass/cancellations/preview?attendee=…[&token=…] — what cancelling gives today
//   POST /api/masterclass/cancellations {attendee, token?, expectedRefundCents} — cancel; refused if the
//        refund changed since the preview
// Who may: the signed-in owner of the attendee row (its `user`), or anyone
// holding that attendee's signed link (lib/cancellation/links.js). Others'
// rows answer like missing ones.

const MAX_BODY_BYTES = 4096;

const MESSAGES = {
  signInOrLink: "Please sign in, or open the cancellation link in your confirmation email.",
  linkInvalid: "This cancellation link is not valid. Please use the link in your confirmation email, or sign in to the attendee portal.",
  linkExpired: "This cancellation link has expired. Please sign in to the attendee portal or contact us if you need help.",
  expectedInvalid: "Please confirm the refund you were shown: expectedRefundCents must be a whole number of cents.",
  refundChanged: (text) => `The refund has changed since it was shown to you: it is now ${text}. Please check it and confirm again.`,
  tokenInvalid: "The cancellation link must be given as it appears in the email.",
};

function rules() {
  return require(`${__hooks}/lib/cancellation/rules.js`);
}

/** The preview as the page shows it. */
function previewAnswer(app, facts) {
  const { formatAmount, formatInstant } = require(`${__hooks}/lib/events/format.js`);
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
    untilText: facts.tier.until ? formatInstant(facts.tier.until, timezone) : "",
    free: facts.paidCents === 0,
    simulated: facts.simulated && facts.termsRefundCents > 0,
  };
}

/**
 * The attendee a self-service request may act on, and how it came: its
 * signed link, or its signed-in owner. Others' rows answer like missing ones.
 * @returns {{attendee: core.Record, by: 'link'|'attendee'}}
 */
function selfServiceAttendee(e, app, attendeeId, token, now) {
  const { refusal, findAttendee, MESSAGES: RULES } = rules();
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(attendeeId)) throw refusal(400, "attendee", "invalid", RULES.attendeeInvalid);
  if (token !== undefined && token !== null && token !== "") {
    if (typeof token !== "string" || token.length > 200) throw refusal(400, "token", "invalid", MESSAGES.tokenInvalid);
    const verdict = require(`${__hooks}/lib/cancellation/links.js`).checkToken(app, attendeeId, token, now);
    if (verdict === "invalid") throw refusal(403, "token", "invalid", MESSAGES.linkInvalid);
    if (verdict === "expired") throw refusal(403, "token", "expired", MESSAGES.linkExpired);
    const attendee = findAttendee(app, attendeeId);
    if (!attendee) throw refusal(404, "attendee", "not_found", RULES.notFound);
    return { attendee, by: "link" };
  }
  if (!e.auth || e.auth.collection().name !== "users") throw refusal(401, "auth", "unauthorized", MESSAGES.signInOrLink);
  const attendee = findAttendee(app, attendeeId);
  if (!attendee || attendee.getString("user") !== e.auth.id) throw refusal(404, "attendee", "not_found", RULES.notFound);
  return { attendee, by: "attendee" };
}

/** GET /api/masterclass/cancellations/preview?attendee=…[&token=…] @param {core.RequestEvent} e */
function handlePreview(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const query = e.request.url.query();
    const now = new Date();
    const { attendee } = selfServiceAttendee(e, e.app, query.get("attendee"), query.get("token"), now);
    const { assess, stateRefusal, SELF_CANCELLABLE } = rules();
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
    throw rules().refusal(400, "expectedRefundCents", "invalid", MESSAGES.expectedInvalid);
  }
  return { attendeeId: body.attendee, token: body.token, expected };
}

/** POST /api/masterclass/cancellations {attendee, token?, expectedRefundCents} @param {core.RequestEvent} e */
function handleCancel(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const { attendeeId, token, expected } = readSelfBody(e);
    const { assess, stateRefusal, refusal, SELF_CANCELLABLE } = rules();
    const cancel = require(`${__hooks}/lib/cancellation/cancel.js`);
    const result = cancel.inTransaction(e.app, (txApp) => {
      const now = new Date();
      const { attendee, by } = selfServiceAttendee(e, txApp, attendeeId, token, now);
      const facts = assess(txApp, attendee, now);
      const refused = stateRefusal(facts, SELF_CANCELLABLE, true);
      if (refused) throw refused;
      if (facts.termsRefundCents !== expected) {
        const preview = previewAnswer(txApp, facts);
        throw refusal(409, "expectedRefundCents", "refund_changed", MESSAGES.refundChanged(`${preview.refundText} (${preview.tierWords})`), { preview });
      }
      const actionId = cancel.applyCancellation(txApp, facts, { by, refundCents: facts.termsRefundCents, reason: "" });
      return { facts, actionId };
    });
    const refund = cancel.afterCommit(e.app, result.facts.registration.id, result.actionId);
    e.app.logger().info("Attendee cancelled", "attendee", attendeeId, "refund_cents", result.facts.termsRefundCents, "refund", refund.status);
    return e.json(200, cancel.cancelledAnswer(result.facts, result.facts.termsRefundCents, refund));
  });
}

module.exports = { MESSAGES, handlePreview, handleCancel };
