/// <reference path="../pb_data/types.d.ts" />
// Bulk invitations (administrators only; lib/bulk-invitations.js):
//   GET  /api/masterclass/attendees/invitations/pending — how many confirmed attendees have no invitation yet
//   POST /api/masterclass/attendees/invitations         — invite the next batch of them

routerAdd(
  "GET",
  "/api/masterclass/attendees/invitations/pending",
  (e) => require(`${__hooks}/lib/bulk-invitations.js`).handlePending(e),
  $apis.requireAuth(),
);
routerAdd(
  "POST",
  "/api/masterclass/attendees/invitations",
  (e) => require(`${__hooks}/lib/bulk-invitations.js`).handleSendBatch(e),
  $apis.requireAuth(),
);
