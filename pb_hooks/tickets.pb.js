/// <reference path="../pb_data/types.d.ts" />
// Tickets: every confirmed attendee row gets its ticket code when it is saved
// confirmed without one (created confirmed, or moved to confirmed from any
// other status, by any path: the registration route, fulfilment, a
// superuser's edit; lib/tickets/codes.js); the door check and the replacement
// of a ticket are administrators' routes (lib/tickets/routes.js).

onRecordCreate((e) => {
  const status = e.record.getString("registration_status");
  if ((status === "confirmed" || status === "confirmed_observer") && e.record.getString("ticket_code") === "") {
    require(`${__hooks}/lib/tickets/codes.js`).assignTicketCode(e.record);
  }
  return e.next();
}, "attendees");

onRecordUpdate((e) => {
  const status = e.record.getString("registration_status");
  if ((status === "confirmed" || status === "confirmed_observer") && e.record.getString("ticket_code") === "") {
    require(`${__hooks}/lib/tickets/codes.js`).assignTicketCode(e.record);
  }
  return e.next();
}, "attendees");

routerAdd("GET", "/api/masterclass/admin/tickets/verify", (e) => require(`${__hooks}/lib/tickets/routes.js`).handleVerify(e));

routerAdd("POST", "/api/masterclass/admin/attendees/{id}/ticket", (e) => require(`${__hooks}/lib/tickets/routes.js`).handleRegenerate(e));
