/// <reference path="../../../pb_data/types.d.ts" />
// The in-app stand-in for Stripe's hosted page, only while SIMULATED_CHECKOUT
// is on (lib/checkout/mode.js); otherwise its routes answer 404. Pay fulfils
// through the same `fulfilCheckout` as the webhook, Cancel releases the hold.
// Both answer where the page goes next. No money moves, so a simulated payment
// whose seats are gone owes no refund and never calls Stripe.

function requireSimulatedRegistration(e) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { isSimulatedSession } = require(`${__hooks}/lib/checkout/mode.js`);
  const sessionId = e.request.pathValue("sessionId");
  const checkoutMode = require(`${__hooks}/lib/checkout/mode.js`);
  if (checkoutMode.checkoutMode() !== "simulated") {
    throw refusal(404, "sessionId", "not_available", checkoutMode.MESSAGES.simulatedUnavailable);
  }
  if (!isSimulatedSession(sessionId)) throw refusal(404, "sessionId", "not_found", MESSAGES.sessionNotFound);
  require(`${__hooks}/lib/checkout/status.js`).requireRegistrationBySession(e.app, sessionId);
  return sessionId;
}

/** POST /api/masterclass/checkout/simulated/{sessionId}/pay @param {core.RequestEvent} e */
function handleSimulatedPay(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const sessionId = requireSimulatedRegistration(e);
    const { outcome } = require(`${__hooks}/lib/checkout/fulfilment.js`).fulfilCheckout(e.app, { sessionId });
    // Back to the page of the masterclass paid for (a series sells several at once).
    const event = require(`${__hooks}/lib/checkout/status.js`).requireRegistrationBySession(e.app, sessionId).getString("event");
    return e.json(200, { redirectUrl: `/register?success=true&session_id=${encodeURIComponent(sessionId)}&event=${encodeURIComponent(event)}`, outcome });
  });
}

/** POST /api/masterclass/checkout/simulated/{sessionId}/cancel @param {core.RequestEvent} e */
function handleSimulatedCancel(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const sessionId = requireSimulatedRegistration(e);
    require(`${__hooks}/lib/checkout/fulfilment.js`).releaseHold(e.app, sessionId);
    // Back to the form of this masterclass (a series sells several at once).
    const registration = require(`${__hooks}/lib/checkout/status.js`).requireRegistrationBySession(e.app, sessionId);
    return e.json(200, { redirectUrl: `/register?cancelled=true&event=${encodeURIComponent(registration.getString("event"))}` });
  });
}

module.exports = { handleSimulatedPay, handleSimulatedCancel };
