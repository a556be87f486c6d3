/// <reference path="../../pb_data/types.d.ts" />
// Who a request comes from, for limits: the client's address as PocketBase
// sees it (e.realIP(), which honours the trusted proxy headers set from
// TRUSTED_PROXY_HEADERS), and a keyed hash of it to store on registrations
// (registrations.client_key) instead of the address itself.

const SECRET_NAME = "client_key";

/**
 * The installation's HMAC key, read once per process. Not getOrSet: its
 * callback runs under the store's lock, and the lookup itself reads the
 * store (PocketBase caches collections there), which would deadlock.
 * @param {core.App} app
 */
function clientKeySecret(app) {
  const cacheKey = `secret:${SECRET_NAME}`;
  const cached = app.store().get(cacheKey);
  if (cached) return cached;
  const value = app.findFirstRecordByData("app_secrets", "name", SECRET_NAME).getString("value");
  app.store().set(cacheKey, value);
  return value;
}

/** @param {core.RequestEvent} e */
function clientAddress(e) {
  return e.realIP() || "unknown";
}

/** @param {core.RequestEvent} e @returns {string} 64 hex characters */
function clientKey(e) {
  return $security.hs256(clientAddress(e), clientKeySecret(e.app));
}

module.exports = { clientAddress, clientKey };
