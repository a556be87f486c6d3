/// <reference path="../pb_data/types.d.ts" />
// Administrators only (DESIGN decision 9):
//   GET /api/masterclass/attendees?event=&page=&perPage=&sort=&q=&status= — one page of
//   the Manage Attendees table for one masterclass (the featured one unless `event` names another),
//   with its count, the status chips' counts and each attendee's account role (lib/admin/attendee-list.js).
//   A search, status or page that is not valid gets 400 with its reason.
// Guests get 401; signed-in users who are not administrators 403; then an unknown event id 404
// and a value that is not an id 400.

routerAdd(
  "GET",
  "/api/masterclass/attendees",
  (e) => require(`${__hooks}/lib/admin/attendee-list.js`).handleAttendeeList(e),
  $apis.requireAuth(),
);
