/// <reference path="../pb_data/types.d.ts" />
// Events get `materials_released_at` (hidden from every answer): when the
// server last made the event's session materials visible to attendees by
// touching them (lib/sync/visibility.js). Empty for every event at first, so the
// first run touches the materials of events already unlocked once, which
// brings them to devices that synced another event's materials before.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new DateField({ name: "materials_released_at", hidden: true }));
  app.save(events);
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.removeByName("materials_released_at");
  app.save(events);
});
