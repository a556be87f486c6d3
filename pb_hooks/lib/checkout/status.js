/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/checkout/{sessionId}: the registration's state for the
// return page. While a real Stripe payment is not settled here (the webhook
// has not arrived yet, or the hold lapsed just before the buyer paid), it asks
// Stripe and fulfils a paid session itself, through the same fulfilCheckout
// as the webhook: seats, emails, and a refund when the seats are gone.

const SESSION_ID_PATTERN = /^[A-Za-z0-9_]{1,255}$/;
/** A simulated session id: the prefix, the registration's id, then (since ids carry one) its secret. */
const SIMULATED_ID_PATTERN = /^sim_([a-z0-9]{15})(?:_([A-Za-z0-9]+))?$/;

const NOT_OWNER = "This checkout belongs to the browser that started it: only that browser can pay for it, "
  + "cancel it or open its order. Go back to that browser, or register again.";

/**
 * A simulated session id naming a registration whose simulated checkout has
 * another id (a guess from the registration's id, or a wrong secret): the
 * registration exists, but this caller did not start its checkout.
 */
function isSomeoneElsesSimulatedCheckout(app, sessionId) {
  const match = SIMULATED_ID_PATTERN.exec(sessionId);
  if (!match) return false;
  let registration;
  try {
    registration = app.findRecordById("registrations", match[1]);
  } catch {
    return false;
  }
  return require(`${__hooks}/lib/checkout/mode.js`).isSimulatedSession(registration.getString("stripe_session_id"));
}

/**
 * The registration of a checkout session id from the URL, or a refusal thrown:
 * 404 for an unknown session, 403 for a simulated checkout named without its
 * secret (its registration id alone opens nothing). The session id is the
 * capability, as Stripe's is: the order key goes only to whoever holds it.
 * A simulated session without a secret (made before they carried one) opens
 * nothing either.
 * @param {core.App} app
 * @param {string} sessionId
 */
function requireRegistrationBySession(app, sessionId) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { findRegistrationBySession } = require(`${__hooks}/lib/checkout/fulfilment.js`);
  const simulated = SIMULATED_ID_PATTERN.exec(sessionId);
  const withoutSecret = simulated && !simulated[2];
  const registration = SESSION_ID_PATTERN.test(sessionId) && !withoutSecret ? findRegistrationBySession(app, sessionId) : null;
  if (registration) return registration;
  if (isSomeoneElsesSimulatedCheckout(app, sessionId)) throw refusal(403, "sessionId", "not_owner", NOT_OWNER);
  throw refusal(404, "sessionId", "not_found", MESSAGES.sessionNotFound);
}

/** True when one of the registration's emails failed or is waiting for a retry. */
function hasEmailProblem(app, registrationId) {
  const troubled = app.findRecordsByFilter(
    "emails",
    "registration = {:id} && (status = 'failed' || (status = 'queued' && attempts > 0))",
    "",
    1,
    0,
    { id: registrationId },
  );
  return troubled.length > 0;
}

/** Asks Stripe about a pending real session and fulfils it when paid. */
function confirmWithStripe(app, sessionId) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal, describeError } = require(`${__hooks}/lib/core/errors.js`);
  let session;
  try {
    session = require(`${__hooks}/lib/checkout/stripe.js`).retrieveCheckoutSession(sessionId);
  } catch (error) {
    throw refusal(502, "checkout", "stripe_unavailable", MESSAGES.paymentCheckFailed(describeError(error)));
  }
  if (session.payment_status !== "paid") return;
  require(`${__hooks}/lib/checkout/fulfilment.js`).fulfilCheckout(app, {
    sessionId,
    paymentIntentId: require(`${__hooks}/lib/checkout/stripe.js`).paymentIntentIdOf(session),
    amountTotal: session.amount_total,
  });
}

/** A real Stripe payment that may have landed without our knowing yet. */
function awaitsStripe(registration, sessionId) {
  const { isSimulatedSession } = require(`${__hooks}/lib/checkout/mode.js`);
  // `expired`: the cron ends a hold at 30 minutes, Stripe's session lives a few seconds longer.
  const unsettled = ["pending", "expired"].includes(registration.getString("status"));
  return registration.getString("kind") === "paid" && unsettled && !isSimulatedSession(sessionId)
    && require(`${__hooks}/lib/checkout/mode.js`).checkoutMode() === "stripe";
}

/** @param {core.App} app @param {string} sessionId */
function checkoutStatus(app, sessionId) {
  let registration = requireRegistrationBySession(app, sessionId);
  if (awaitsStripe(registration, sessionId)) {
    confirmWithStripe(app, sessionId);
    registration = app.findRecordById("registrations", registration.id);
  }
  const attendees = app.findRecordsByFilter("attendees", "registration = {:id}", "", 0, 0, { id: registration.id });
  return {
    registrationId: registration.id,
    status: registration.getString("status"),
    kind: registration.getString("kind"),
    attendeeCount: attendees.length,
    totalAmountCents: registration.getInt("total_amount_cents"),
    // One seat after any discount (0 for an order kept before prices per seat were), the discount on it and its words.
    unitPriceCents: registration.getInt("unit_price_cents"),
    discountCents: registration.getInt("discount_cents"),
    discountLabel: registration.getString("discount_label"),
    currency: registration.getString("currency"),
    emailWarning: hasEmailProblem(app, registration.id),
    // The order page's link (lib/orders/links.js): whoever holds the session id (a simulated one's
    // secret included) started the checkout, as with Stripe.
    order: require(`${__hooks}/lib/orders/links.js`).orderLink(app, registration.id),
  };
}

/** @param {core.RequestEvent} e */
function handleCheckoutStatus(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => e.json(200, checkoutStatus(e.app, e.request.pathValue("sessionId"))));
}

module.exports = { NOT_OWNER, requireRegistrationBySession, checkoutStatus, handleCheckoutStatus };
