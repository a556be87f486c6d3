/// <reference path="../../../pb_data/types.d.ts" />
// The signed links of waitlist offers (DESIGN decision 13). Each is an
// HMAC-SHA256 with the installation's mail-link key (app_secrets
// 'mail_link_token', the key of the early-access and unsubscribe links),
// over a message that names what the link does, so no link works as another:
//   claim    /register?offer=<offer id>&offerToken=<HMAC of waitlist-offer-claim:<offer id>>
//   decline  /api/masterclass/waitlist-offers/decline?offer=<id>&token=<HMAC of waitlist-offer-decline:<id>>
//   status   /waitlist-status?attendee=<attendee id>&token=<HMAC of waitlist-status:<attendee id>>
// Nothing stores a token. The outbox copy administrators read shows each as
// `[hidden]`; the working message is in email_secrets.

const SECRET_NAME = "mail_link_token";
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const HIDDEN = "[hidden]";


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

/** The same text with every offer and status token hidden (the outbox copy). */
function redactLinks(text) {
  return String(text).replace(/([?&](?:amp;)?(?:offerToken|token)=)[^&#\s"'<]*/g, `$1${HIDDEN}`);
}

module.exports = {
  TOKEN_PATTERN,
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
