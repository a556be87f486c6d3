/// <reference path="../pb_data/types.d.ts" />
// Several masterclasses: an event is a draft until an administrator publishes
// it. `published` (bool) — drafts are invisible to guests and attendees (the
// rules below); administrators read and write every event. Every event that
// exists already is published (the seeded masterclass stays what visitors see).
// Which published event the site features is decided by
// pb_hooks/lib/events/summary.js (featuredEvent).

const ADMIN = '@request.auth.role = "administrator"';
const VISIBLE = `published = true || ${ADMIN}`;

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new BoolField({ name: "published" }));
  events.listRule = VISIBLE;
  events.viewRule = VISIBLE;
  events.indexes = [...events.indexes, "CREATE INDEX idx_events_published_starts ON events (published, starts_at)"];
  app.save(events);
  app.db().newQuery("UPDATE events SET published = 1").execute();
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  events.indexes = events.indexes.filter((index) => !index.includes("idx_events_published_starts"));
  events.fields.removeByName("published");
  events.listRule = "";
  events.viewRule = "";
  app.save(events);
});
