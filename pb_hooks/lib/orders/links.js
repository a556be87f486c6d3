/// <reference path="../../../pb_data/types.d.ts" />
// The order page link: /order/<registration id>?key=<hmac>, shown on the
// completion page and carried by the confirmation email, so the buyer sees the
// order (reference, amount, each attendee's ticket, the tax invoice) without an
// account. The key is HMAC-SHA256 over `order:<registration id>` with the
// installation's secret (app_secrets 'order_link_token', made once by a
// migration). Nothing stores it; it does not expire (the page only shows, and
// shows each ticket as it is now); the outbox copy administrators read shows it
// as `key=[hidden]` (redactOrderLinks).

const SECRET_NAME = "order_link_token";
const KEY_PATTERN = /^[0-9a-f]{64}$/;
const HIDDEN = "[hidden]";

/**
 * The key of one registration's order link.
 * @param {core.App} app
 * @param {string} registrationId
 * @returns {string}
 */
function orderKey(app, registrationId) {
  const secret = require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME);
  return $security.hs256(`order:${registrationId}`, secret);
}

/**
 * Whether `key` (from a link) is this registration's order key, compared in
 * constant time; false for anything malformed.
 * @param {core.App} app
 * @param {string} registrationId
 * @param {unknown} key
 * @returns {boolean}
 */
function checkOrderKey(app, registrationId, key) {
  if (typeof registrationId !== "string" || registrationId === "") return false;
  if (typeof key !== "string" || !KEY_PATTERN.test(key)) return false;
  return $security.equal(orderKey(app, registrationId), key);
}

/**
 * /order/<registration id>?key=…
 * @param {core.App} app
 * @param {string} registrationId
 */
function orderUrl(app, registrationId) {
  const base = require(`${__hooks}/lib/core/links.js`).appUrl(app);
  return `${base}/order/${encodeURIComponent(registrationId)}?key=${orderKey(app, registrationId)}`;
}

/** `{id, key}`: what the completion page needs to read the order (the checkout status and the promo answer carry it). */
function orderLink(app, registrationId) {
  return { id: registrationId, key: orderKey(app, registrationId) };
}

/** The same text with every order link's key hidden, for the outbox copy administrators read. */
function redactOrderLinks(text) {
  return String(text).replace(/(\/order\/[a-z0-9]{15}\?key=)[0-9a-f]{64}/g, `$1${HIDDEN}`);
}

module.exports = { SECRET_NAME, KEY_PATTERN, orderKey, checkOrderKey, orderUrl, orderLink, redactOrderLinks };
