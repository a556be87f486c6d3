/// <reference path="../../../pb_data/types.d.ts" />
// The registration route's side of early access (lib/registration/): while an
// event's early-access window is open (lib/waitlist/early-access-window.js),
// paid and promo registrations need the early-access token of their first
// attendee's address (lib/waitlist/early-access-links.js); the waitlist is
// never held back.

const MESSAGES = {
  tokenFormat: "The early-access link is not valid.",
  tokenWaitlist: "An early-access link is for registering a seat, not for the waitlist.",
  publicSalesLater: (end) => `Public sales for this masterclass open on ${end}. Until then, only people on our waitlist who received an early-access email can register, with the link in that email.`,
  tokenInvalid: (end) => `This early-access link is not valid for this email address and masterclass. Please register the email address the link was sent to as the first attendee${end ? `, or wait until public sales open on ${end}` : ""}.`,
  tokenExpired: (end) => `This early-access link expired on ${end}. Public sales are open now: please register without it.`,
};

/**
 * Why a registration cannot be taken because of the early-access window, or
 * null. Called inside the registration's transaction with the event read
 * there. Waitlist registrations are never held back; a token is only for
 * paid and promo ones.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {{mode: string, earlyAccess: string, attendees: {email: string}[]}} request
 */
function registrationRefusal(app, event, request) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { windowState, windowEndText } = require(`${__hooks}/lib/waitlist/early-access-window.js`);
  const links = require(`${__hooks}/lib/waitlist/early-access-links.js`);
  const token = request.earlyAccess || "";
  if (request.mode === "waitlist") return null;
  const state = windowState(event);
  const endText = windowEndText(event);
  if (!token) {
    return state === "open" ? refusal(409, "sales", "early_access_only", MESSAGES.publicSalesLater(endText)) : null;
  }
  if (state === "none" || !links.verify(links.earlyAccessToken(app, event.id, request.attendees[0].email), token)) {
    return refusal(403, "earlyAccess", "invalid", MESSAGES.tokenInvalid(state === "open" ? endText : ""));
  }
  if (state === "over") return refusal(409, "earlyAccess", "expired", MESSAGES.tokenExpired(endText));
  return null;
}

/** The request's `earlyAccess` field: "" when absent, else a token shape; adds a field error otherwise. */
function validateField(body, mode, add) {
  const value = body.earlyAccess;
  if (value === undefined || value === null || value === "") return "";
  if (typeof value !== "string" || !require(`${__hooks}/lib/waitlist/early-access-links.js`).TOKEN_PATTERN.test(value)) {
    add("earlyAccess", "invalid", MESSAGES.tokenFormat);
    return "";
  }
  if (mode === "waitlist") {
    add("earlyAccess", "not_for_waitlist", MESSAGES.tokenWaitlist);
    return "";
  }
  return value;
}

module.exports = { MESSAGES, registrationRefusal, validateField };
