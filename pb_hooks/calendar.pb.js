/// <reference path="../pb_data/types.d.ts" />
// GET /api/masterclass/event.ics — the masterclass as an RFC 5545 calendar
// file (public; linked from confirmation emails). Logic: lib/tickets/calendar.js.

routerAdd("GET", "/api/masterclass/event.ics", (e) => {
  return require(`${__hooks}/lib/tickets/calendar.js`).handleEventCalendar(e);
});
