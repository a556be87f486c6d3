/// <reference path="../../../pb_data/types.d.ts" />
// How paid registrations are taken, from the environment: real Stripe (both
// STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), the simulated checkout (only
// when SIMULATED_CHECKOUT switches it on, so a typo in a production
// environment never gives seats away), or not at all ("unavailable": paid
// registrations are refused before anything is held). A configuration that
// mixes these refuses to boot rather than guess, and so does the simulated
// checkout in production (lib/core/app-env.js). A simulated checkout's
// session id is the registration's id behind SIMULATED_SESSION_PREFIX, then a
// random secret: like a Stripe session id, only the browser that started the
// checkout holds it (lib/checkout/status.js).

const SWITCH_ON = ["on", "true", "1"];
/** The random part of a simulated session id: 32 letters and digits, about 190 bits. */
const SIMULATED_SECRET_LENGTH = 32;
const SWITCH_OFF = ["", "off", "false", "0"];

const MESSAGES = {
  paymentUnavailable: "Card payment is not set up on this server yet. Please contact us to register, or use a promo code if you have one.",
  simulatedUnavailable: "The simulated checkout is switched off on this server.",
};

function env(name) {
  return ($os.getenv(name) || "").trim();
}

/**
 * What is wrong with the checkout configuration, in words naming the
 * variables to fix, or "" when it is consistent.
 * @returns {string}
 */
function configurationProblem() {
  const secretKey = env("STRIPE_SECRET_KEY") !== "";
  const webhookSecret = env("STRIPE_WEBHOOK_SECRET") !== "";
  const simulated = env("SIMULATED_CHECKOUT").toLowerCase();
  if (!SWITCH_ON.includes(simulated) && !SWITCH_OFF.includes(simulated)) {
    return `SIMULATED_CHECKOUT must be on, true or 1 (or off, false, 0, empty); it is "${env("SIMULATED_CHECKOUT")}".`;
  }
  if (secretKey && !webhookSecret) {
    return "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: set both (real payments) or neither.";
  }
  if (webhookSecret && !secretKey) {
    return "STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: set both (real payments) or neither.";
  }
  if (secretKey && SWITCH_ON.includes(simulated)) {
    return "SIMULATED_CHECKOUT is on while STRIPE_SECRET_KEY is set: switch one of them off.";
  }
  if (SWITCH_ON.includes(simulated) && require(`${__hooks}/lib/core/app-env.js`).isProduction()) {
    return "SIMULATED_CHECKOUT is on in production (APP_ENV=production): switch it off; the simulated checkout gives seats away.";
  }
  return "";
}

/**
 * @returns {"stripe" | "simulated" | "unavailable"} assumes the boot check passed
 */
function checkoutMode() {
  if (env("STRIPE_SECRET_KEY") !== "" && env("STRIPE_WEBHOOK_SECRET") !== "") return "stripe";
  if (SWITCH_ON.includes(env("SIMULATED_CHECKOUT").toLowerCase())) return "simulated";
  return "unavailable";
}

/** On bootstrap: an inconsistent configuration stops the server (serve exits non-zero). */
function assertCheckoutConfiguration() {
  const problem = configurationProblem();
  if (problem) throw new Error(`Refusing to start: inconsistent checkout configuration. ${problem}`);
}

/** Thrown by a paid registration before anything is written when no checkout can take the payment. */
function paymentUnavailableRefusal() {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  return refusal(503, "checkout", "payment_unavailable", MESSAGES.paymentUnavailable);
}

function refuseWhenPaymentUnavailable() {
  if (checkoutMode() === "unavailable") throw paymentUnavailableRefusal();
}

/** The page that pays a simulated session. @param {string} sessionId */
function simulatedCheckoutUrl(sessionId) {
  return `/checkout/simulated?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * A new simulated checkout session for a registration: its id (the prefix, the
 * registration's id and a random secret of SIMULATED_SECRET_LENGTH letters and
 * digits) and the page that pays it.
 * @param {string} registrationId
 */
function simulatedSession(registrationId) {
  const { SIMULATED_SESSION_PREFIX } = require(`${__hooks}/lib/core/constants.js`);
  const id = `${SIMULATED_SESSION_PREFIX}${registrationId}_${$security.randomString(SIMULATED_SECRET_LENGTH)}`;
  return { id, url: simulatedCheckoutUrl(id) };
}

/** Whether a session id is the simulated checkout's. @param {string} sessionId */
function isSimulatedSession(sessionId) {
  return sessionId.startsWith(require(`${__hooks}/lib/core/constants.js`).SIMULATED_SESSION_PREFIX);
}

module.exports = {
  MESSAGES,
  configurationProblem,
  checkoutMode,
  assertCheckoutConfiguration,
  paymentUnavailableRefusal,
  refuseWhenPaymentUnavailable,
  simulatedSession,
  simulatedCheckoutUrl,
  isSimulatedSession,
};
