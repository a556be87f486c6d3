/// <reference path="../../../pb_data/types.d.ts" />
// The signed links of early-access emails (DESIGN decision 13): HMACs with
// the installation's mail-link key (app_secrets 'mail_link_token', the key of
// the waitlist offer links too) over a message that names what the link does:
//   register     /register?event=…&email=…&earlyAccess=<HMAC of early-access:<event id>:<address>>
//   unsubscribe  /api/masterclass/unsubscribe?email=…&token=<HMAC of unsubscribe:<address>>
// Nothing stores a token. The outbox copy administrators read shows them as
// `earlyAccess=[hidden]` / `token=[hidden]`; the working copy is in
// email_secrets.

const SECRET_NAME = "mail_link_token";
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
const HIDDEN = "[hidden]";

function secret(app) {
  return require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME);
}

/** An address as the tokens sign it: trimmed, lower case. */
const normal = (email) => String(email || "").trim().toLowerCase();

/** The early-access token of one address for one event. */
function earlyAccessToken(app, eventId, email) {
  return $security.hs256(`early-access:${eventId}:${normal(email)}`, secret(app));
}

/** The unsubscribe token of one address. */
function unsubscribeToken(app, email) {
  return $security.hs256(`unsubscribe:${normal(email)}`, secret(app));
}

/** Whether `token` is the expected one (compared in constant time). */
function verify(expected, token) {
  return typeof token === "string" && TOKEN_PATTERN.test(token) && $security.equal(expected, token);
}

function earlyAccessUrl(app, eventId, email, token) {
  const base = require(`${__hooks}/lib/core/links.js`).appUrl(app);
  return `${base}/register?event=${encodeURIComponent(eventId)}&email=${encodeURIComponent(email)}&earlyAccess=${encodeURIComponent(token)}`;
}

function unsubscribeUrl(app, email, token) {
  return `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/api/masterclass/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

/** A link whose tokens no longer work, for the copy administrators read. */
function redactLinks(text) {
  return String(text).replace(/([?&](?:amp;)?(?:earlyAccess|token)=)[^&#\s"'<]*/g, `$1${HIDDEN}`);
}

module.exports = { TOKEN_PATTERN, normal, earlyAccessToken, unsubscribeToken, verify, earlyAccessUrl, unsubscribeUrl, redactLinks };
