/// <reference path="../../../pb_data/types.d.ts" />
// The signed links of waitlist offers (DESIGN decision 13). Each is an
// HMAC-SHA256 with the installation's mail-link key (app_secrets
// 'mail_link_token', the key of the early-access and unsubscribe links),
// over a message that names what the link does, so no link works as another:
//   claim    /register?offer=<offer id>&offerToken=<HMAC of waitlist-offer-claim:<offer id>>
//   decline  /api/masterclass/waitlist-offers/decline?offer=<id>&token=<HMAC of waitlist-offer-decline:<id>>
//   status   /waitlist-status?attendee=<attendee id>&token=<HMAC of waitlist-status:<attendee id>>
//   confirm  the status link &confirmToken=<expires>.<HMAC of waitlist-confirm:<attendee id>:<expires>>, where
//            <expires> (Unix seconds) is CONFIRM_DAYS after the email was made: the page it opens shows the
//            entry and a button that POSTs /api/masterclass/waitlist-confirm (lib/waitlist/confirmation.js)
// Nothing stores a token. The outbox copy administrators read shows each as
// `[hidden]`; the working message is in email_secrets.

const SECRET_NAME = "mail_link_token";
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const HIDDEN = "[hidden]";
const CONFIRM_TOKEN_PATTERN = /^(\d{1,12})\.([0-9a-f]{64})$/;
/** How long a confirmation link works; joining again with the same address sends a new one. */
const CONFIRM_DAYS = 7;


function sign(app, message) {
  return $security.hs256(message, require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME));
}

const claimToken = (app, offerId) => sign(app, `waitlist-offer-claim:${offerId}`);
const declineToken = (app, offerId) => sign(app, `waitlist-offer-decline:${offerId}`);
const statusToken = (app, attendeeId) => sign(app, `waitlist-status:${attendeeId}`);

/** Whether `token` signs this well-formed id for this use (compared in constant time). */
function verify(makeToken, app, id, token) {
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id) || typeof token !== "string" || !TOKEN_PATTERN.test(token)) return false;
  return $security.equal(makeToken(app, id), token);
}

const confirmSignature = (app, attendeeId, expires) => sign(app, `waitlist-confirm:${attendeeId}:${expires}`);

/** The confirmation token of a waitlist entry, working until `expiresAt`. */
function confirmToken(app, attendeeId, expiresAt) {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${expires}.${confirmSignature(app, attendeeId, expires)}`;
}

/**
 * What a confirmation token is worth for this entry: 'valid', 'expired'
 * (ours, for this entry, but past its time) or 'invalid'. The signature is
 * checked first, so a forged token is never called expired.
 * @returns {'valid'|'expired'|'invalid'}
 */
function checkConfirm(app, attendeeId, token, now) {
  const match = typeof token === "string" ? CONFIRM_TOKEN_PATTERN.exec(token) : null;
  if (!match || !require(`${__hooks}/lib/core/ids.js`).isRecordId(attendeeId)) return "invalid";
  if (!$security.equal(confirmSignature(app, attendeeId, match[1]), match[2])) return "invalid";
  return parseInt(match[1], 10) * 1000 > now.getTime() ? "valid" : "expired";
}

const verifyClaim = (app, offerId, token) => verify(claimToken, app, offerId, token);
const verifyDecline = (app, offerId, token) => verify(declineToken, app, offerId, token);
const verifyStatus = (app, attendeeId, token) => verify(statusToken, app, attendeeId, token);

const base = (app) => require(`${__hooks}/lib/core/links.js`).appUrl(app);

function claimUrl(app, offerId) {
  return `${base(app)}/register?offer=${encodeURIComponent(offerId)}&offerToken=${claimToken(app, offerId)}`;
}

const DECLINE_PATH = "/api/masterclass/waitlist-offers/decline";

function declinePath(offerId, token) {
  return `${DECLINE_PATH}?offer=${encodeURIComponent(offerId)}&token=${encodeURIComponent(token)}`;
}

function declineUrl(app, offerId) {
  return `${base(app)}${declinePath(offerId, declineToken(app, offerId))}`;
}

function statusUrl(app, attendeeId) {
  return `${base(app)}/waitlist-status?attendee=${encodeURIComponent(attendeeId)}&token=${statusToken(app, attendeeId)}`;
}

/** The status link that also confirms the address (the waitlist email's button). */
function confirmUrl(app, attendeeId, now = new Date()) {
  const token = confirmToken(app, attendeeId, new Date(now.getTime() + CONFIRM_DAYS * 24 * 3600 * 1000));
  return `${statusUrl(app, attendeeId)}&confirmToken=${encodeURIComponent(token)}`;
}

/** The same text with every offer, status and confirmation token hidden (the outbox copy). */
function redactLinks(text) {
  return String(text).replace(/([?&](?:amp;)?(?:offerToken|confirmToken|token)=)[^&#\s"'<]*/g, `$1${HIDDEN}`);
}

module.exports = {
  TOKEN_PATTERN,
  CONFIRM_TOKEN_PATTERN,
  CONFIRM_DAYS,
  confirmToken,
  checkConfirm,
  confirmUrl,
  DECLINE_PATH,
  claimToken,
  declineToken,
  statusToken,
  verifyClaim,
  verifyDecline,
  verifyStatus,
  claimUrl,
  declinePath,
  declineUrl,
  statusUrl,
  redactLinks,
};
