/// <reference path="../../../pb_data/types.d.ts" />
// Who may use the admin routes: a superuser (the PocketBase dashboard) or a
// user whose role is administrator (DESIGN decision 9). Every admin route
// checks this before reading anything.

/** @param {core.RequestEvent} e */
function isAdministrator(e) {
  if (e.hasSuperuserAuth()) return true;
  return !!e.auth && e.auth.collection().name === "users" && e.auth.getString("role") === "administrator";
}

/**
 * Throws the refusal for anyone who is not an administrator: 403 with
 * `forbidden`; with `signIn`, a guest gets 401 with it instead (routes
 * without it answer guests 403 too, or leave them to $apis.requireAuth()).
 * @param {core.RequestEvent} e
 * @param {{forbidden: string, signIn?: string}} messages
 */
function requireAdministrator(e, messages) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!e.auth && messages.signIn) throw refusal(401, "auth", "unauthorized", messages.signIn);
  if (!isAdministrator(e)) throw refusal(403, "auth", "forbidden", messages.forbidden);
}

module.exports = { isAdministrator, requireAdministrator };
