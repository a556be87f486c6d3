/// <reference path="../../../pb_data/types.d.ts" />
// Idempotent registrations. The page sends a `requestId` it made once for the
// registration it is submitting; the registration keeps it (unique, hidden)
// with a digest of the request. When the same request comes again — its first
// answer was lost, or the page sent the form once the connection came back —
// the route answers with the registration the first one made and writes
// nothing. The same key with other details is refused without a word about
// the registration it belongs to.

/** A digest of what the buyer asked for, made before the request is completed with ids. */
function requestDigest(request) {
  const { mode, attendees, promoCode, marketingConsent, utm } = request;
  return $security.sha256(JSON.stringify({ mode, attendees, promoCode, marketingConsent, utm }));
}

/** The registration made with this key, or null. @param {core.App} app */
function findByRequestId(app, requestId) {
  if (!requestId) return null;
  try {
    return app.findFirstRecordByData("registrations", "client_request_id", requestId);
  } catch {
    return null;
  }
}

/** What a paid registration still waiting for payment answers: its checkout again. */
function paidAnswer(app, registration) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal, describeError } = require(`${__hooks}/lib/core/errors.js`);
  const checkoutSession = require(`${__hooks}/lib/checkout/session.js`);
  const sessionId = registration.getString("stripe_session_id");
  if (registration.getString("status") !== "pending") {
    throw refusal(409, "requestId", "request_closed", MESSAGES.requestIdClosed);
  }
  if (!sessionId) {
    // Committed, but the checkout was never started (the first request stopped in between).
    return checkoutSession.startCheckout(app, {
      registrationId: registration.id,
      eventId: registration.getString("event"),
      quantity: registration.getInt("held_seats"),
      customerEmail: registration.getString("primary_email"),
      sessionId: "",
    });
  }
  const mode = require(`${__hooks}/lib/checkout/mode.js`);
  if (mode.isSimulatedSession(sessionId)) {
    return { registrationId: registration.id, status: "pending", sessionId, checkoutUrl: mode.simulatedCheckoutUrl(sessionId) };
  }
  try {
    const session = require(`${__hooks}/lib/checkout/stripe.js`).retrieveCheckoutSession(sessionId);
    return { registrationId: registration.id, status: "pending", sessionId, checkoutUrl: String(session.url || "") };
  } catch (error) {
    throw refusal(502, "checkout", "checkout_failed", MESSAGES.checkoutFailed(describeError(error)));
  }
}

/**
 * The answer for a request whose key was used before, or null when it was not.
 * @param {core.App} app
 * @param {object} request a validated request with `requestId` and `requestDigest`
 * @returns {{status: number, body: object} | null}
 */
function replay(app, request) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const registration = findByRequestId(app, request.requestId);
  if (!registration) return null;
  if (registration.getString("client_request_hash") !== request.requestDigest) {
    throw refusal(409, "requestId", "request_reused", MESSAGES.requestIdReused);
  }
  if (registration.getString("kind") === "paid") return { status: 201, body: paidAnswer(app, registration) };
  const order = registration.getString("kind") === "promo" ? { order: require(`${__hooks}/lib/orders/links.js`).orderLink(app, registration.id) } : {};
  return { status: 201, body: { registrationId: registration.id, status: registration.getString("status"), emailWarning: false, ...order } };
}

module.exports = { requestDigest, findByRequestId, replay };
