/// <reference path="../../pb_data/types.d.ts" />
// Turns a committed paid hold into a checkout: a Stripe Checkout Session, or
// the app's simulated checkout while no Stripe key is set. On a Stripe
// failure the hold is released at once and the page gets a 502.

/** @param {string} registrationId */
function simulatedSession(registrationId) {
  const { SIMULATED_SESSION_PREFIX } = require(`${__hooks}/lib/constants.js`);
  const id = `${SIMULATED_SESSION_PREFIX}${registrationId}`;
  return { id, url: `/checkout/simulated?session_id=${encodeURIComponent(id)}` };
}

/** @param {string} sessionId */
function isSimulatedSession(sessionId) {
  return sessionId.startsWith(require(`${__hooks}/lib/constants.js`).SIMULATED_SESSION_PREFIX);
}

/**
 * @param {core.App} app
 * @param {{registrationId: string, eventId: string, quantity: number, customerEmail: string}} created
 * @returns {{registrationId: string, status: string, sessionId: string, checkoutUrl: string}}
 */
function startCheckout(app, created) {
  const { MESSAGES } = require(`${__hooks}/lib/constants.js`);
  const { refusal, describeError } = require(`${__hooks}/lib/errors.js`);
  const stripe = require(`${__hooks}/lib/stripe.js`);

  let session;
  try {
    session = stripe.isStripeConfigured()
      ? stripe.createCheckoutSession({
          registrationId: created.registrationId,
          event: app.findRecordById("events", created.eventId),
          quantity: created.quantity,
          customerEmail: created.customerEmail,
          appUrl: app.settings().meta.appURL,
        })
      : simulatedSession(created.registrationId);
  } catch (error) {
    const detail = describeError(error);
    app.logger().error("Creating the checkout session failed", "registration", created.registrationId, "error", detail);
    require(`${__hooks}/lib/fulfilment.js`).releaseRegistration(app, created.registrationId);
    throw refusal(502, "checkout", "checkout_failed", MESSAGES.checkoutFailed(detail));
  }

  const registration = app.findRecordById("registrations", created.registrationId);
  registration.set("stripe_session_id", session.id);
  app.save(registration);
  return { registrationId: created.registrationId, status: "pending", sessionId: session.id, checkoutUrl: session.url };
}

module.exports = { startCheckout, isSimulatedSession };
