/// <reference path="../pb_data/types.d.ts" />
// Bulk invitations (administrators only; lib/admin/bulk-invitations.js):
//   GET  /api/masterclass/attendees/invitations/pending[?event=id] — how many confirmed attendees of the
//        masterclass (the featured one unless `event` names another) have no invitation yet
//   POST /api/masterclass/attendees/invitations {event?, batchSize?, after?} — invite the next batch of them

routerAdd(
  "GET",
  "/api/masterclass/attendees/invitations/pending",
  (e) => require(`${__hooks}/lib/admin/bulk-invitations.js`).handlePending(e),
  $apis.requireAuth(),
);
routerAdd(
  "POST",
  "/api/masterclass/attendees/invitations",
  (e) => require(`${__hooks}/lib/admin/bulk-invitations.js`).handleSendBatch(e),
  $apis.requireAuth(),
);
