/// <reference path="../../../pb_data/types.d.ts" />
// The registration route's side of early access (lib/registration/): while an
// event's early-access window is open (lib/waitlist/early-access-window.js),
// paid and promo registrations need the early-access token of their first
// attendee's address (lib/waitlist/early-access-links.js); the waitlist is
// never held back. A link registers once: the registration it made keeps its
// address in `registrations.early_access_email`, and while that registration
// is paid or completed, or its unpaid checkout still holds its seats, the link
// is refused. An unpaid checkout that expired or was cancelled frees it; a
// payment for such a checkout that arrives after the link registered again is
// refused like one whose seats went to others (lib/checkout/fulfilment.js).
// Registrations are written in one transaction at a time (SQLite's single
// writer), so two uses of a link at once cannot both pass the check.

const MESSAGES = {
  tokenFormat: "The early-access link is not valid.",
  tokenWaitlist: "An early-access link is for registering a seat, not for the waitlist.",
  publicSalesLater: (end) => `Public sales for this masterclass open on ${end}. Until then, only people on our waitlist who received an early-access email can register, with the link in that email.`,
  tokenInvalid: (end) => `This early-access link is not valid for this email address and masterclass. Please register the email address the link was sent to as the first attendee${end ? `, or wait until public sales open on ${end}` : ""}.`,
  tokenExpired: (end) => `This early-access link expired on ${end}. Public sales are open now: please register without it.`,
  linkUsed: (end) => `This early-access link has already been used to register for this masterclass. Each link registers once, with everyone in that one registration${end ? `; anyone else can register when public sales open on ${end}` : ""}.`,
  linkInCheckout: (minutes) => `This early-access link is already in a checkout that has not been paid. Finish or cancel that payment, or use the link again once the checkout expires (at most ${minutes} minutes after it began).`,
};

// A registration that holds the link: paid or completed, or an unpaid checkout still inside its hold.
const LINK_HOLDERS_SQL = `
  SELECT status FROM registrations
  WHERE event = {:event} AND early_access_email = {:email} AND id != {:except}
    AND (status IN ('paid', 'completed') OR (status = 'pending' AND kind = 'paid' AND hold_expires_at > {:now}))
  ORDER BY status = 'pending'
  LIMIT 1`;

/** The status of the registration that holds the event's link for `email` ("" when it is free). */
function linkHolder(app, eventId, email, exceptId) {
  const rows = arrayOf(new DynamicModel({ status: "" }));
  app.db().newQuery(LINK_HOLDERS_SQL)
    .bind({ event: eventId, email, except: exceptId || "", now: require(`${__hooks}/lib/core/db-date.js`).dbNow() })
    .all(rows);
  return rows.length > 0 ? rows[0].status : "";
}

/**
 * Whether a paid registration made with an early-access link lost that link to
 * another registration (its checkout lapsed and the link registered again):
 * its late payment then takes no seat. Called in the fulfilment's transaction.
 * @param {core.App} txApp
 * @param {core.Record} registration
 */
function linkTakenByAnother(txApp, registration) {
  const email = registration.getString("early_access_email");
  if (!email) return false;
  return linkHolder(txApp, registration.getString("event"), email, registration.id) !== "";
}

/**
 * Whether a registration may be taken under the early-access window: `{refusal}`
 * when it cannot, otherwise `{linkEmail}`, the address of the link it uses
 * ("" without one), kept on the registration. Called inside the
 * registration's transaction with the event read there. Waitlist
 * registrations are never held back; a token is only for paid and promo ones.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {{mode: string, earlyAccess: string, attendees: {email: string}[]}} request
 */
function checkRegistration(app, event, request) {
  const refused = registrationRefusal(app, event, request);
  if (refused) return { refusal: refused };
  const token = request.earlyAccess || "";
  if (request.mode === "waitlist" || !token) return { linkEmail: "" };
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const email = require(`${__hooks}/lib/waitlist/early-access-links.js`).normal(request.attendees[0].email);
  const holder = linkHolder(app, event.id, email, "");
  if (holder === "pending") {
    return { refusal: refusal(409, "earlyAccess", "in_checkout", MESSAGES.linkInCheckout(require(`${__hooks}/lib/core/constants.js`).HOLD_MINUTES)) };
  }
  if (holder) {
    return { refusal: refusal(409, "earlyAccess", "used", MESSAGES.linkUsed(require(`${__hooks}/lib/waitlist/early-access-window.js`).windowEndText(event))) };
  }
  return { linkEmail: email };
}

/** Why the window refuses the registration (no token while open, a token not for it, or too late), or null. */
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

module.exports = { MESSAGES, checkRegistration, registrationRefusal, linkTakenByAnother, validateField };
