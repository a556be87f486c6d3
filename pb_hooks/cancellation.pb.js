/// <reference path="../pb_data/types.d.ts" />
// Cancellation with the terms' refunds (lib/cancellation/self-service.js, lib/cancellation/admin-routes.js):
//   GET  /api/masterclass/cancellations/preview?attendee=…[&token=…] — what cancelling gives today (the owner signed in, or the signed link)
//   POST /api/masterclass/cancellations {attendee, token?, expectedRefundCents} — cancel; refused if the refund changed since the preview
//   GET  /api/masterclass/admin/attendees/{id}/cancellation — an attendee's refunds and what an administrator may refund (administrators)
//   POST /api/masterclass/admin/attendees/{id}/cancel {amountCents, reason} — an administrator cancels with an amount of their choosing

routerAdd("GET", "/api/masterclass/cancellations/preview", (e) => require(`${__hooks}/lib/cancellation/self-service.js`).handlePreview(e));
routerAdd("POST", "/api/masterclass/cancellations", (e) => require(`${__hooks}/lib/cancellation/self-service.js`).handleCancel(e));
routerAdd("GET", "/api/masterclass/admin/attendees/{id}/cancellation", (e) => require(`${__hooks}/lib/cancellation/admin-routes.js`).handleAdminStatus(e));
routerAdd("POST", "/api/masterclass/admin/attendees/{id}/cancel", (e) => require(`${__hooks}/lib/cancellation/admin-routes.js`).handleAdminCancel(e));
