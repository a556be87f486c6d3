/// <reference path="../../../pb_data/types.d.ts" />
// The installation's secrets (app_secrets, made once by migrations), read from
// the database once per process and then kept in the app store: they never
// change while the server runs, and some are needed on every request.

/**
 * Not store.getOrSet: its callback runs under the store's lock, and the
 * lookup itself reads the store (PocketBase caches collections there), which
 * would deadlock.
 * @param {core.App} app
 * @param {string} name
 * @returns {string}
 */
function appSecret(app, name) {
  const cacheKey = `secret:${name}`;
  const cached = app.store().get(cacheKey);
  if (cached) return cached;
  const value = app.findFirstRecordByData("app_secrets", "name", name).getString("value");
  app.store().set(cacheKey, value);
  return value;
}

module.exports = { appSecret };
