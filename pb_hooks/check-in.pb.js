/// <reference path="../pb_data/types.d.ts" />
// Door check-in (lib/checkin/: door.js, roster.js, check-ins.js, push.js), administrators only:
//   GET  /api/masterclass/admin/check-in/roster?event=… — the event's attendees for the door devices, paged
//   GET  /api/masterclass/admin/check-in/check-ins?event=… — the event's check-ins from every device, paged
//   POST /api/masterclass/admin/check-in/push — a device's check-ins and undos (idempotent by their ids)

routerAdd("GET", "/api/masterclass/admin/check-in/roster", (e) => require(`${__hooks}/lib/checkin/roster.js`).handleRoster(e));
routerAdd("GET", "/api/masterclass/admin/check-in/check-ins", (e) => require(`${__hooks}/lib/checkin/check-ins.js`).handleCheckIns(e));
routerAdd("POST", "/api/masterclass/admin/check-in/push", (e) => require(`${__hooks}/lib/checkin/push.js`).handlePush(e));
