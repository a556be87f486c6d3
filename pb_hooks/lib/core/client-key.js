/// <reference path="../../../pb_data/types.d.ts" />
// Who a request comes from, for limits: the client's address as PocketBase
// sees it (e.realIP(), which honours the trusted proxy headers set from
// TRUSTED_PROXY_HEADERS), and a keyed hash of it to store on registrations
// (registrations.client_key) instead of the address itself.

const SECRET_NAME = "client_key";

/** @param {core.RequestEvent} e */
function clientAddress(e) {
  return e.realIP() || "unknown";
}

/** @param {core.RequestEvent} e @returns {string} 64 hex characters */
function clientKey(e) {
  return $security.hs256(clientAddress(e), require(`${__hooks}/lib/core/app-secrets.js`).appSecret(e.app, SECRET_NAME));
}

module.exports = { clientAddress, clientKey };
