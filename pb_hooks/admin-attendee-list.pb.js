/// <reference path="../pb_data/types.d.ts" />
// Administrators only (DESIGN decision 9):
//   GET /api/masterclass/attendees?page=&perPage=&sort=&name=&email=&company= — one page of the
//   Manage Attendees table with its count and each attendee's account role (lib/admin-attendee-list.js).
// Guests get 401; signed-in users who are not administrators 403.

routerAdd(
  "GET",
  "/api/masterclass/attendees",
  (e) => require(`${__hooks}/lib/admin-attendee-list.js`).handleAttendeeList(e),
  $apis.requireAuth(),
);
