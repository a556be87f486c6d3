/// <reference path="../../../pb_data/types.d.ts" />
// Turns a committed paid hold into a checkout: a Stripe Checkout Session, or
// the app's simulated checkout when it is switched on (lib/checkout/mode.js).
// The Stripe call is made after the hold's transaction committed; on a
// failure the hold is released at once and the page gets a 502.

/**
 * The order's price per seat as the registration keeps it (after any discount)
 * and the discount's words, for the checkout's line item.
 * @returns {{unitPriceCents: number, discountCents: number, discountLabel: string}}
 */
function orderPriceOf(app, registrationId) {
  const registration = app.findRecordById("registrations", registrationId);
  return {
    unitPriceCents: registration.getInt("unit_price_cents"),
    discountCents: registration.getInt("discount_cents"),
    discountLabel: registration.getString("discount_label"),
  };
}

/**
 * @param {core.App} app
 * @param {{registrationId: string, eventId: string, quantity: number, customerEmail: string}} created
 * @returns {{registrationId: string, status: string, sessionId: string, checkoutUrl: string}}
 */
function startCheckout(app, created) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal, describeError } = require(`${__hooks}/lib/core/errors.js`);
  const stripe = require(`${__hooks}/lib/checkout/stripe.js`);
  const checkoutMode = require(`${__hooks}/lib/checkout/mode.js`);

  const mode = checkoutMode.checkoutMode();
  if (mode === "unavailable") {
    // The route refuses earlier; this only guards a caller that did not.
    require(`${__hooks}/lib/checkout/fulfilment.js`).releaseRegistration(app, created.registrationId);
    throw checkoutMode.paymentUnavailableRefusal();
  }
  let session;
  try {
    session = mode === "stripe"
      ? stripe.createCheckoutSession({
          registrationId: created.registrationId,
          event: app.findRecordById("events", created.eventId),
          quantity: created.quantity,
          customerEmail: created.customerEmail,
          appUrl: app.settings().meta.appURL,
          price: orderPriceOf(app, created.registrationId),
        })
      : created.sessionId
        ? { id: created.sessionId, url: checkoutMode.simulatedCheckoutUrl(created.sessionId) }
        : checkoutMode.simulatedSession(created.registrationId);
  } catch (error) {
    const detail = describeError(error);
    app.logger().error("Creating the checkout session failed", "registration", created.registrationId, "error", detail);
    require(`${__hooks}/lib/checkout/fulfilment.js`).releaseRegistration(app, created.registrationId);
    throw refusal(502, "checkout", "checkout_failed", MESSAGES.checkoutFailed(detail));
  }

  // A simulated session's id is made in advance (lib/registration/prepare.js) and saved with the hold.
  if (created.sessionId !== session.id) {
    const registration = app.findRecordById("registrations", created.registrationId);
    registration.set("stripe_session_id", session.id);
    app.save(registration);
  }
  return { registrationId: created.registrationId, status: "pending", sessionId: session.id, checkoutUrl: session.url };
}

module.exports = { startCheckout };
