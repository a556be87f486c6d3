/// <reference path="../pb_data/types.d.ts" />
// Administrators only (DESIGN decisions 9 and 12):
//   GET /api/masterclass/attendees.csv?event=&q=&status=&sort= — one masterclass's attendee
//   list (the featured one unless `event` names another) as a CSV file, honouring the admin table's
//   search, status chip and order (lib/admin/attendees-csv.js). An unknown event id gets 404, a value that is not an id 400.

routerAdd(
  "GET",
  "/api/masterclass/attendees.csv",
  (e) => require(`${__hooks}/lib/admin/attendees-csv.js`).handleAttendeesCsv(e),
  $apis.requireAuth(),
);
