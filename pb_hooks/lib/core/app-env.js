/// <reference path="../../../pb_data/types.d.ts" />
// Which mode the installation runs in, from the environment, decided one way
// for the server and for `npm start` (scripts/lib/backend.mjs loads this file
// in Node and passes process.env):
//   APP_ENV=production  → production;
//   APP_ENV=development → development (refused beside a live Stripe key);
//   APP_ENV unset/empty → production when a Stripe key is set, otherwise development.
// Production creates no development account, password file or promo code
// (the start script and the seed migration ask here) and never runs the
// simulated checkout (lib/checkout/mode.js). Any other APP_ENV value refuses
// to boot rather than guess. No require: this file is pure.

const PRODUCTION = "production";
const DEVELOPMENT = "development";
const LIVE_KEY = /^(sk|rk)_live_/;

/** @param {(name: string) => string | undefined} [getenv] */
function reader(getenv) {
  const read = getenv || ((name) => $os.getenv(name));
  return (name) => String(read(name) || "").trim();
}

/**
 * @param {(name: string) => string | undefined} [getenv] defaults to the server's environment
 * @returns {{ mode: "production" | "development", reason: string, problem: string }}
 *   problem is "" when the configuration is consistent, else what to fix
 */
function appMode(getenv) {
  const env = reader(getenv);
  const requested = env("APP_ENV").toLowerCase();
  const stripeKey = env("STRIPE_SECRET_KEY");
  const stripeConfigured = stripeKey !== "" || env("STRIPE_WEBHOOK_SECRET") !== "";
  if (requested !== "" && requested !== PRODUCTION && requested !== DEVELOPMENT) {
    return {
      mode: PRODUCTION,
      reason: "",
      problem: `APP_ENV must be production or development (or empty); it is "${env("APP_ENV")}".`,
    };
  }
  if (requested === PRODUCTION) return { mode: PRODUCTION, reason: "APP_ENV=production", problem: "" };
  if (requested === DEVELOPMENT) {
    const problem = LIVE_KEY.test(stripeKey)
      ? "APP_ENV is development while STRIPE_SECRET_KEY is a live key: development accounts and promo codes never run beside real payments."
      : "";
    return { mode: DEVELOPMENT, reason: "APP_ENV=development", problem };
  }
  if (stripeConfigured) return { mode: PRODUCTION, reason: "a Stripe key is set and APP_ENV is not", problem: "" };
  return { mode: DEVELOPMENT, reason: "APP_ENV is not set and no Stripe key is", problem: "" };
}

/** @param {(name: string) => string | undefined} [getenv] */
function isProduction(getenv) {
  return appMode(getenv).mode === PRODUCTION;
}

/**
 * The line the server logs at boot.
 * @param {{ mode: string, reason: string }} current
 */
function modeLine(current) {
  return current.mode === PRODUCTION
    ? `App mode: production (${current.reason}): no development accounts, promo code or simulated checkout.`
    : `App mode: development (${current.reason}): development shortcuts allowed. Set APP_ENV=production on a live server.`;
}

module.exports = { PRODUCTION, DEVELOPMENT, appMode, isProduction, modeLine };
