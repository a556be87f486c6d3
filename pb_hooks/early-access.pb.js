/// <reference path="../pb_data/types.d.ts" />
// Waitlist first (lib/waitlist/early-access-admin.js; unsubscribe: lib/waitlist/unsubscribe.js):
//   GET  /api/masterclass/admin/events/{id}/early-access — how many would get it, how many got it, the window (administrators)
//   POST /api/masterclass/admin/events/{id}/early-access — send the next batch (administrators; the first opens the window)
//   GET|POST /api/masterclass/unsubscribe?email=…&token=… — the signed unsubscribe link of every early-access email

routerAdd("GET", "/api/masterclass/admin/events/{id}/early-access", (e) => require(`${__hooks}/lib/waitlist/early-access-admin.js`).handleStatus(e));
routerAdd("POST", "/api/masterclass/admin/events/{id}/early-access", (e) => require(`${__hooks}/lib/waitlist/early-access-admin.js`).handleSend(e));
routerAdd("GET", "/api/masterclass/unsubscribe", (e) => require(`${__hooks}/lib/waitlist/unsubscribe.js`).handleUnsubscribe(e));
routerAdd("POST", "/api/masterclass/unsubscribe", (e) => require(`${__hooks}/lib/waitlist/unsubscribe.js`).handleUnsubscribe(e));
