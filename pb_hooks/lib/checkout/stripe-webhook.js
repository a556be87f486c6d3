/// <reference path="../../../pb_data/types.d.ts" />
// The Stripe webhook: verifies the signature over the raw body, then in ONE
// transaction records the event id in `stripe_events` and handles the event,
// so a redelivered event finds its id and does nothing, and a failed handling
// leaves no record and is retried by Stripe. Network work (a refund owed,
// emails) runs after commit; a refund that fails then is retried by the
// payment actions cron, not by Stripe redelivering the event. A paid session
// whose fulfilment throws is not left to Stripe's retries: a second
// transaction records the event id and refuses the registration with a
// refund (lib/checkout/fulfilment.js refuseAfterError).

const MAX_BODY_BYTES = 1024 * 1024;
const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9_]+$/;
const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]+$/;

/**
 * A paid session: fulfil it. When its seats went to others meanwhile,
 * fulfilCheckout records the refund owed; it is made after commit.
 */
function fulfilSession(txApp, session, afterCommit) {
  const { fulfilCheckout, completeFulfilment } = require(`${__hooks}/lib/checkout/fulfilment.js`);
  const { paymentIntentIdOf } = require(`${__hooks}/lib/checkout/stripe.js`);
  const result = fulfilCheckout(txApp, { sessionId: session.id, paymentIntentId: paymentIntentIdOf(session), amountTotal: session.amount_total });
  if (result.outcome === "not_found") {
    txApp.logger().warn("Stripe webhook: no registration for this checkout session", "sessionId", session.id);
  }
  if (result.afterCommit) afterCommit.push((app) => completeFulfilment(app, result));
  return { outcome: result.outcome };
}

function releaseSession(txApp, session) {
  const { releaseHold } = require(`${__hooks}/lib/checkout/fulfilment.js`);
  const result = releaseHold(txApp, session.id);
  if (result.outcome === "not_found") {
    txApp.logger().warn("Stripe webhook: no registration for this checkout session", "sessionId", session.id);
  }
  return { outcome: result.outcome };
}

/**
 * @returns {Record<string, any>} extra fields for the 200 answer
 */
function handleEvent(txApp, event, afterCommit) {
  const session = event.data && event.data.object;
  if (!event.type.startsWith("checkout.session.")) return { ignored: true };
  if (!session || !SESSION_ID_PATTERN.test(session.id || "")) {
    txApp.logger().warn("Stripe webhook: checkout event without a session id", "eventId", event.id);
    return { ignored: true };
  }

  switch (event.type) {
    case "checkout.session.completed":
      // 'unpaid' is a delayed payment method: async_payment_succeeded follows.
      if (session.payment_status !== "paid") return { outcome: "awaiting_payment" };
      return fulfilSession(txApp, session, afterCommit);
    case "checkout.session.async_payment_succeeded":
      return fulfilSession(txApp, session, afterCommit);
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed":
      return releaseSession(txApp, session);
    default:
      return { ignored: true };
  }
}

/** The payment a paid-session event reports, or null for any other event. */
function paidSession(event) {
  const session = event.data && event.data.object;
  if (!session || !SESSION_ID_PATTERN.test(session.id || "")) return null;
  const paid = (event.type === "checkout.session.completed" && session.payment_status === "paid")
    || event.type === "checkout.session.async_payment_succeeded";
  if (!paid) return null;
  const { paymentIntentIdOf } = require(`${__hooks}/lib/checkout/stripe.js`);
  return { sessionId: session.id, paymentIntentId: paymentIntentIdOf(session), amountTotal: session.amount_total };
}

function recordEventId(txApp, event) {
  const record = new Record(txApp.findCachedCollectionByNameOrId("stripe_events"));
  record.set("event_id", event.id);
  record.set("type", event.type);
  txApp.save(record);
}

function isDuplicate(txApp, event) {
  return txApp.countRecords("stripe_events", $dbx.hashExp({ event_id: event.id })) > 0;
}

/**
 * A paid session whose fulfilment threw (and wrote nothing): its payment is
 * refunded, recorded with the event id. Null when that failed too (or the
 * error is transient): the webhook then answers 503 and Stripe retries.
 */
function refuseFailedFulfilment(app, event, error, afterCommit) {
  const payment = paidSession(event);
  if (!payment) return null;
  const fulfilment = require(`${__hooks}/lib/checkout/fulfilment.js`);
  let duplicate = false;
  try {
    const result = fulfilment.refuseAfterError(app, payment, error, (txApp) => {
      if (isDuplicate(txApp, event)) {
        duplicate = true;
        throw new Error("duplicate event");
      }
      recordEventId(txApp, event);
    });
    if (["refused", "seats_gone"].includes(result.outcome)) afterCommit.push((after) => fulfilment.completeFulfilment(after, result));
    return { outcome: result.outcome };
  } catch (second) {
    if (duplicate) return { duplicate: true };
    app.logger().error("Stripe webhook: the failed fulfilment could not be refused either", "eventId", event.id, "error", String(second));
    return null;
  }
}

function parseEvent(rawBody) {
  let event;
  try {
    event = JSON.parse(rawBody);
  } catch {
    event = null;
  }
  const valid = event && typeof event === "object" && typeof event.id === "string" && EVENT_ID_PATTERN.test(event.id)
    && event.id.length <= 255 && typeof event.type === "string" && event.type !== "" && event.type.length <= 255;
  if (!valid) throw new BadRequestError("Invalid Stripe event payload.");
  return event;
}

/**
 * POST /api/masterclass/stripe/webhook
 * @param {core.RequestEvent} e
 */
function handleStripeWebhook(e) {
  const { verifyWebhookSignature } = require(`${__hooks}/lib/checkout/stripe.js`);
  const rawBody = toString(e.request.body, MAX_BODY_BYTES);
  const secret = ($os.getenv("STRIPE_WEBHOOK_SECRET") || "").trim();
  if (!secret) {
    e.app.logger().error("Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set");
    throw new BadRequestError("Stripe webhooks are not configured.");
  }
  const header = e.request.header.get("Stripe-Signature");
  if (!verifyWebhookSignature(rawBody, header, secret, Math.floor(Date.now() / 1000))) {
    throw new BadRequestError("Invalid Stripe signature.");
  }
  const event = parseEvent(rawBody);

  let answer = {};
  const afterCommit = [];
  try {
    e.app.runInTransaction((txApp) => {
      if (isDuplicate(txApp, event)) {
        answer = { duplicate: true };
        return;
      }
      recordEventId(txApp, event);
      answer = handleEvent(txApp, event, afterCommit);
    });
  } catch (error) {
    e.app.logger().error("Stripe webhook: handling failed", "eventId", event.id, "type", event.type, "error", String(error));
    afterCommit.length = 0;
    // A payment that cannot become seats is refunded now; anything else (or a transient error) is left to Stripe's retries.
    const refused = refuseFailedFulfilment(e.app, event, error, afterCommit);
    // Nothing was recorded: a non-2xx makes Stripe deliver the event again later.
    if (!refused) return e.json(503, { status: 503, message: "The event could not be processed now; it will be retried.", data: {} });
    answer = refused;
  }

  afterCommit.forEach((task) => {
    try {
      task(e.app);
    } catch (error) {
      e.app.logger().error("Stripe webhook: after-commit task failed", "eventId", event.id, "error", String(error));
    }
  });
  return e.json(200, Object.assign({ received: true }, answer));
}

module.exports = { handleStripeWebhook };
