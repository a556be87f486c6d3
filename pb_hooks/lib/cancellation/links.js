/// <reference path="../../../pb_data/types.d.ts" />
// The cancellation link in each confirmation email: /cancel?attendee=…&token=…
// for attendees without an account (and anyone away from the portal). One
// link per attendee: a registration of several attendees cancels one of them.
// The token is `<expires>.<hmac>`: `expires` is the event's start (Unix
// seconds) when the email was made, and the HMAC-SHA256 signs
// `cancel:<attendee id>:<expires>` with the installation's secret (app_secrets
// 'cancellation_link_token', made once by a migration). Nothing stores it; the
// outbox copy administrators read shows it as `token=[hidden]`
// (keepCancellationLinkApart, for the confirmation email that carries it).

const SECRET_NAME = "cancellation_link_token";
const TOKEN_PATTERN = /^(\d{1,12})\.([0-9a-f]{64})$/;
const HIDDEN = "[hidden]";

function signature(app, attendeeId, expires) {
  const secret = require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME);
  return $security.hs256(`cancel:${attendeeId}:${expires}`, secret);
}

/**
 * @param {core.App} app
 * @param {string} attendeeId
 * @param {Date} expiresAt the link stops working then (the event's start)
 */
function cancellationToken(app, attendeeId, expiresAt) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${signature(app, attendeeId, expires)}`;
}

/**
 * What a token from a link is worth for this attendee: 'valid', 'expired'
 * (signed by us for this attendee, but past its time) or 'invalid' (malformed,
 * forged, or another attendee's). The signature is checked before the time,
 * so a forged token is never called expired.
 * @returns {'valid'|'expired'|'invalid'}
 */
function checkToken(app, attendeeId, token, now) {
  const match = typeof token === "string" ? TOKEN_PATTERN.exec(token) : null;
  if (!match || !attendeeId) return "invalid";
  if (!$security.equal(signature(app, attendeeId, match[1]), match[2])) return "invalid";
  return parseInt(match[1], 10) * 1000 > now.getTime() ? "valid" : "expired";
}

/** /cancel?attendee=…&token=… */
function cancellationUrl(app, attendeeId, token) {
  const base = require(`${__hooks}/lib/core/links.js`).appUrl(app);
  return `${base}/cancel?attendee=${encodeURIComponent(attendeeId)}&token=${encodeURIComponent(token)}`;
}

/**
 * The link a confirmation email carries for one attendee, while the event
 * has not started ("" once it has: nothing can be cancelled then).
 * @param {core.App} app
 * @param {{startsAt: Date}} facts lib/events/facts.js eventFacts()
 * @param {string} attendeeId
 */
function confirmationLink(app, facts, attendeeId) {
  if (!attendeeId || !facts.startsAt || facts.startsAt.getTime() <= Date.now()) return "";
  return cancellationUrl(app, attendeeId, cancellationToken(app, attendeeId, facts.startsAt));
}

/** The same text with every cancellation link's token hidden, for the outbox copy. */
function redactCancellationLinks(text) {
  return String(text).replace(/(\/cancel\?attendee=[^&\s"'<]*&(?:amp;)?token=)[^&#\s"'<]*/g, `$1${HIDDEN}`);
}

/** The confirmation email's line about cancelling, with the attendee's own link and the terms' tiers. */
function confirmationCancellationNote(cancelUrl) {
  const terms = require(`${__hooks}/lib/cancellation/refund-tiers.js`).TIERS.map((tier) => tier.words).join(" ");
  return `Can't come after all? Cancel your registration here, no sign-in needed: ${cancelUrl} (or in the attendee portal). Refunds follow our terms: ${terms}`;
}

/**
 * A confirmation carrying a cancellation link, as the outbox keeps it: the
 * link's token hidden in the copy administrators read, the working message
 * kept apart as `secret` (lib/email/secrets.js).
 * @param {{template: string, subject: string, html: string, text: string}} message
 */
function keepCancellationLinkApart(message) {
  return require(`${__hooks}/lib/email/layout.js`).withWorkingCopy(message, redactCancellationLinks);
}

module.exports = {
  TOKEN_PATTERN,
  cancellationToken,
  checkToken,
  cancellationUrl,
  confirmationLink,
  redactCancellationLinks,
  confirmationCancellationNote,
  keepCancellationLinkApart,
};
