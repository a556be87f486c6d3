/// <reference path="../pb_data/types.d.ts" />
// Tickets: the door check and the replacement of a ticket are administrators'
// routes (lib/tickets/routes.js). Every confirmed attendee row gets its ticket
// code when it is saved confirmed without one, by any path (the registration
// route, fulfilment, a superuser's edit): a record hook in Go
// (pocketbase/recordhooks.go), so saving an attendee takes no JS runtime.

routerAdd("GET", "/api/masterclass/admin/tickets/verify", (e) => require(`${__hooks}/lib/tickets/routes.js`).handleVerify(e));

routerAdd("POST", "/api/masterclass/admin/attendees/{id}/ticket", (e) => require(`${__hooks}/lib/tickets/routes.js`).handleRegenerate(e));
