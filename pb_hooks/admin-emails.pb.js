/// <reference path="../pb_data/types.d.ts" />
// The email outbox in the admin area. Administrators read `emails` through
// the collection API (redacted copies only; working credentials stay in the
// superuser-only email_secrets). Administrators only:
//   POST /api/masterclass/emails/{id}/retry — send a failed email again (lib/admin/emails.js)
//   GET  /api/masterclass/emails/{id}/images — the images its HTML shows by cid:, for the preview

routerAdd(
  "POST",
  "/api/masterclass/emails/{id}/retry",
  (e) => require(`${__hooks}/lib/admin/emails.js`).handleRetryEmail(e),
  $apis.requireAuth(),
);

routerAdd(
  "GET",
  "/api/masterclass/emails/{id}/images",
  (e) => require(`${__hooks}/lib/admin/emails.js`).handlePreviewImages(e),
  $apis.requireAuth(),
);
