/// <reference path="../pb_data/types.d.ts" />
// Administrators only (DESIGN decisions 9 and 12):
//   GET /api/masterclass/attendees.csv?name=&email=&company=&sort= — the attendee list as a CSV file,
//   honouring the admin table's filters and order (lib/attendees-csv.js).

routerAdd(
  "GET",
  "/api/masterclass/attendees.csv",
  (e) => require(`${__hooks}/lib/attendees-csv.js`).handleAttendeesCsv(e),
  $apis.requireAuth(),
);
