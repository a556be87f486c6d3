/// <reference path="../pb_data/types.d.ts" />
// The email outbox in the admin area. Administrators read `emails` through
// the collection API (redacted copies only; working credentials stay in the
// superuser-only email_secrets). Administrators only:
//   POST /api/masterclass/emails/{id}/retry — send a failed email again (lib/admin/emails.js)
//   GET  /api/masterclass/emails/{id}/images — the images its HTML shows by cid:, for the preview
//   POST /api/masterclass/emails/{id}/resend — send a delivered email again as a copy (what may be resent: lib/admin/emails.js)
//   GET  /api/masterclass/emails/resend-options?ids=… — for each, whether Resend is offered and why not

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

routerAdd(
  "POST",
  "/api/masterclass/emails/{id}/resend",
  (e) => require(`${__hooks}/lib/admin/emails.js`).handleResendEmail(e),
  $apis.requireAuth(),
);

routerAdd(
  "GET",
  "/api/masterclass/emails/resend-options",
  (e) => require(`${__hooks}/lib/admin/emails.js`).handleResendOptions(e),
  $apis.requireAuth(),
);
