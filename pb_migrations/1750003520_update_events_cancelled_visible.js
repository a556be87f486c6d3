/// <reference path="../pb_data/types.d.ts" />
// events.cancelled_at is readable: a masterclass an administrator cancelled as
// a whole (lib/notices/cancel-event.js) is public knowledge, and the attendee
// portal, which works offline from the records it synced, says so on the
// ticket and on Your Registration (src/features/portal/ticket/ticketView.ts,
// src/features/my-registration). The public summary answers it as
// `cancelled` (lib/events/summary.js). The other notice fields stay hidden.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.getByName("cancelled_at").hidden = false;
  app.save(events);
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.getByName("cancelled_at").hidden = true;
  app.save(events);
});
