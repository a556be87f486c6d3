/// <reference path="../pb_data/types.d.ts" />
// Door check-in (lib/checkin/: door.js, roster.js, push.js), administrators only:
//   GET  /api/masterclass/admin/check-in/roster?event=… — the event's facts and attendees, paged
//   POST /api/masterclass/admin/check-in/push — a device's check-ins and undos (idempotent by their ids)
// The door devices pull every door's check-ins and the attendees by the change
// sequence (GET /api/sync/changes?collection=check_ins|attendees, pocketbase/syncchanges.go).

routerAdd("GET", "/api/masterclass/admin/check-in/roster", (e) => require(`${__hooks}/lib/checkin/roster.js`).handleRoster(e));
routerAdd("POST", "/api/masterclass/admin/check-in/push", (e) => require(`${__hooks}/lib/checkin/push.js`).handlePush(e));
