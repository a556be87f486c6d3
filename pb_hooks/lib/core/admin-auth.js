/// <reference path="../../../pb_data/types.d.ts" />
// Who may use the admin routes: a superuser (the PocketBase dashboard) or a
// user whose role is administrator (DESIGN decision 9). Every admin route
// checks this before reading anything.

/** @param {core.RequestEvent} e */
function isAdministrator(e) {
  if (e.hasSuperuserAuth()) return true;
  return !!e.auth && e.auth.collection().name === "users" && e.auth.getString("role") === "administrator";
}

module.exports = { isAdministrator };
