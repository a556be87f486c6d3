/// <reference path="../pb_data/types.d.ts" />
// events.sales_open_at: the moment sales open (optional). While it is still to
// come, an event whose sales state is Open is "scheduled": the pages say
// "Sales open on Tuesday 10 February at 9:00 am", the server refuses paid and
// promo registrations, and the waitlist takes names to tell when sales open.
// From that moment on the event is on sale without anyone touching it
// (pb_hooks/lib/events/phase.js; src/lib/eventPhase.ts).
// events.sales_open_notified_at (hidden): when the people waiting for this
// masterclass were told that sales opened (lib/waitlist/sales-open.js), so
// they are told once.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new DateField({ name: "sales_open_at" }));
  events.fields.add(new DateField({ name: "sales_open_notified_at", hidden: true }));
  app.save(events);
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.removeByName("sales_open_notified_at");
  events.fields.removeByName("sales_open_at");
  app.save(events);
});
