/// <reference path="../pb_data/types.d.ts" />
// The attendee's own data (README "Your data: download and deletion"; logic:
// lib/accounts/data-export.js, delete-account.js, anonymise.js, retention.js):
//   GET  /api/masterclass/account/export                  — signed-in user: everything held about them, as a JSON download
//   POST /api/masterclass/account/delete                  — signed-in user, {confirmation, password}: delete the account
//   POST /api/masterclass/account/deleted                 — public, {id}: whether that account was deleted (its devices forget it)
//   POST /api/masterclass/admin/attendees/{id}/anonymise  — administrators: anonymise one attendee row
// Daily: what the privacy policy keeps no longer is anonymised or deleted.

routerAdd(
  "GET",
  "/api/masterclass/account/export",
  (e) => require(`${__hooks}/lib/accounts/data-export.js`).handleExport(e),
  $apis.requireAuth(),
);

routerAdd(
  "POST",
  "/api/masterclass/account/delete",
  (e) => require(`${__hooks}/lib/accounts/delete-account.js`).handleDelete(e),
  $apis.requireAuth(),
);

routerAdd("POST", "/api/masterclass/account/deleted", (e) => require(`${__hooks}/lib/accounts/delete-account.js`).handleDeletedCheck(e));

routerAdd(
  "POST",
  "/api/masterclass/admin/attendees/{id}/anonymise",
  (e) => require(`${__hooks}/lib/accounts/anonymise.js`).handleAdminAnonymise(e),
  $apis.requireAuth(),
);

// Nothing is ever queued to a placeholder address left by a deletion (an
// invitation, early access, a retried confirmation): refused before it is
// stored, by a record hook in Go (pocketbase/recordhooks.go).

cronAdd("accountDataRetention", "47 3 * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("accountDataRetention", RETRY.daily, (app) => {
    const done = require(`${__hooks}/lib/accounts/retention.js`).applyRetention(app);
    app.logger().info("Retention applied", "attendees", done.attendees, "registrations", done.registrations, "emails", done.emails,
      "contactMessages", done.contactMessages, "earlyAccess", done.earlyAccess, "securityEvents", done.securityEvents);
  });
});
