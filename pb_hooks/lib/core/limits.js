/// <reference path="../../../pb_data/types.d.ts" />
// Every abuse limit in one place, each read from its environment variable on
// use (README "Security"). A rate is written `max/seconds`, e.g. `10/600`;
// `RATE_LIMITS=off` switches every rate limit off (load tests, benchmarks),
// never the seat limits. Keyed by account, email or invitation where the
// request names one, so 50 attendees on one venue Wi-Fi (one address) are
// never locked out together; per-address rates stay loose for that reason.

const RATES = {
  // custom rates (lib/core/rate-limit.js), keyed as named
  registerPaid: { env: "RATE_LIMIT_REGISTER_PAID", value: "10/600", per: "client" },
  registerPromo: { env: "RATE_LIMIT_REGISTER_PROMO", value: "10/600", per: "client" },
  registerWaitlist: { env: "RATE_LIMIT_REGISTER_WAITLIST", value: "30/600", per: "client" },
  promoChecks: { env: "RATE_LIMIT_PROMO_CHECKS", value: "20/600", per: "client" },
  // failures per account and client (address, or a device the account signed in on) / window
  signInFailures: { env: "RATE_LIMIT_SIGN_IN_FAILURES", value: "10/900", per: "account and client" },
  // an account's failures from anywhere before it waits / the longest wait in seconds (lib/accounts/sign-in-limits.js)
  signInDelay: { env: "RATE_LIMIT_SIGN_IN_DELAY", value: "5/30", per: "account" },
  passwordResetMails: { env: "RATE_LIMIT_PASSWORD_RESET_EMAIL", value: "3/3600", per: "account" },
  verificationMails: { env: "RATE_LIMIT_VERIFICATION_EMAIL", value: "3/3600", per: "account" },
  signupAttempts: { env: "RATE_LIMIT_SIGNUP", value: "10/900", per: "invitation" },
  invitationLookups: { env: "RATE_LIMIT_INVITATION_LOOKUP", value: "30/900", per: "invitation" },
  // "send my invitation again" (lib/accounts/invitation-resend.js): counted whether or not the address is known
  invitationResendsPerEmail: { env: "RATE_LIMIT_INVITATION_RESEND", value: "3/3600", per: "email" },
  invitationResendsPerClient: { env: "RATE_LIMIT_INVITATION_RESEND_CLIENT", value: "20/900", per: "client" },
  // "email me a sign-in link" (lib/accounts/sign-in-link.js): counted whether or not the address is known; the
  // email's window is the link's lifetime, so while it refuses, a link it sent still works
  signInLinksPerEmail: { env: "RATE_LIMIT_SIGN_IN_LINK", value: "3/900", per: "email" },
  signInLinksPerClient: { env: "RATE_LIMIT_SIGN_IN_LINK_CLIENT", value: "20/900", per: "client" },
  // an outbox email sent again as a copy (lib/admin/emails.js)
  emailResendsPerAdministrator: { env: "RATE_LIMIT_EMAIL_RESEND", value: "30/600", per: "account" },
  emailResendsPerRecipient: { env: "RATE_LIMIT_EMAIL_RESEND_RECIPIENT", value: "5/3600", per: "email" },
  useCaseDrafts: { env: "RATE_LIMIT_USE_CASE_DRAFTS", value: "10/600", per: "account" },
  accountExports: { env: "RATE_LIMIT_ACCOUNT_EXPORT", value: "10/3600", per: "account" },
  // an attendee's own registration (lib/attendees/self-service.js)
  detailsChanges: { env: "RATE_LIMIT_DETAILS_CHANGES", value: "20/600", per: "account" },
  substitutions: { env: "RATE_LIMIT_SUBSTITUTIONS", value: "5/3600", per: "account" },
  // wrong or unknown order links (lib/orders/order.js): a client over it is refused before any lookup
  orderKeyFailures: { env: "RATE_LIMIT_ORDER_KEY_FAILURES", value: "20/600", per: "client" },
  // wrong PINs (and unknown or revoked door passes) at the door's sign-in (lib/checkin/passes.js), besides each pass's own lock
  doorPinFailures: { env: "RATE_LIMIT_DOOR_PIN_FAILURES", value: "20/900", per: "client" },
};

// PocketBase's own limiter (per client address), applied on boot by
// lib/core/settings.js. The first rule whose label matches a request wins.
const ADDRESS_RATES = [
  { label: "contact_messages:create", env: "RATE_LIMIT_IP_CONTACT", value: "5/60" },
  { label: "POST /api/masterclass/registrations", env: "RATE_LIMIT_IP_REGISTRATIONS", value: "120/60" },
  { label: "POST /api/masterclass/promo/validate", env: "RATE_LIMIT_IP_PROMO", value: "60/60" },
  { label: "POST /api/masterclass/signup", env: "RATE_LIMIT_IP_SIGNUP", value: "120/60" },
  { label: "GET /api/masterclass/invitations/", env: "RATE_LIMIT_IP_INVITATIONS", value: "300/60" },
  { label: "POST /api/masterclass/account/deleted", env: "RATE_LIMIT_IP_ACCOUNT_DELETED", value: "30/60" },
  { label: "GET /api/masterclass/orders/", env: "RATE_LIMIT_IP_ORDERS", value: "120/60" },
  { label: "*:auth", env: "RATE_LIMIT_IP_SIGN_IN", value: "300/60" },
  { label: "*:requestPasswordReset", env: "RATE_LIMIT_IP_PASSWORD_RESET", value: "120/60" },
  { label: "*:requestVerification", env: "RATE_LIMIT_IP_VERIFICATION", value: "120/60" },
  { label: "*:requestOTP", env: "RATE_LIMIT_IP_OTP", value: "120/60" },
  { label: "*:requestEmailChange", env: "RATE_LIMIT_IP_EMAIL_CHANGE", value: "10/60" },
  { label: "*:create", env: "RATE_LIMIT_IP_CREATE", value: "200/10" },
  { label: "/api/batch", env: "RATE_LIMIT_IP_BATCH", value: "20/1" },
  { label: "/api/", env: "RATE_LIMIT_IP_API", value: "1000/10" },
];

// Seats one email address / one client may hold in unpaid checkouts at once.
const SEAT_LIMITS = {
  heldSeatsPerEmail: { env: "HOLD_SEATS_PER_EMAIL", value: 10 },
  heldSeatsPerClient: { env: "HOLD_SEATS_PER_CLIENT", value: 20 },
};

function env(name) {
  return ($os.getenv(name) || "").trim();
}

/** `max/seconds` → {max, seconds}; a malformed value falls back to the default. */
function parseRate(text, fallback) {
  const match = /^(\d{1,9})\s*\/\s*(\d{1,9})$/.exec(text);
  if (!match || parseInt(match[2], 10) === 0) return fallback === undefined ? null : parseRate(fallback);
  return { max: parseInt(match[1], 10), seconds: parseInt(match[2], 10) };
}

function rateLimitsEnabled() {
  return !["off", "false", "0", "no"].includes(env("RATE_LIMITS").toLowerCase());
}

/** @param {keyof typeof RATES} name @returns {{max: number, seconds: number} | null} null when off */
function rate(name) {
  if (!rateLimitsEnabled()) return null;
  const definition = RATES[name];
  return parseRate(env(definition.env), definition.value);
}

/** PocketBase's rules, as settings.rateLimits.rules wants them. */
function addressRules() {
  return ADDRESS_RATES.map((rule) => {
    const { max, seconds } = parseRate(env(rule.env), rule.value);
    return { label: rule.label, maxRequests: max, duration: seconds, audience: "" };
  });
}

/** @param {keyof typeof SEAT_LIMITS} name */
function seatLimit(name) {
  const definition = SEAT_LIMITS[name];
  const value = parseInt(env(definition.env), 10);
  return Number.isFinite(value) && value > 0 ? value : definition.value;
}

module.exports = { RATES, ADDRESS_RATES, SEAT_LIMITS, parseRate, rateLimitsEnabled, rate, addressRules, seatLimit };
