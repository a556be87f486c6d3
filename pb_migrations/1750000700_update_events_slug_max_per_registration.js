/// <reference path="../pb_data/types.d.ts" />
// Events get a stable key and a per-order maximum:
//   slug                 — how the server and the app find the masterclass
//                          (a title can be edited; the key does not change);
//   max_per_registration — the most attendees one registration may hold
//                          (default 10), so one request cannot take every seat.
// The seeded event gets the key below and the default maximum.

const SEED_TITLE = "AI CHAMPIONS MASTERCLASS";
const SEED_SLUG = "ai-champions-masterclass";
const DEFAULT_MAX_PER_REGISTRATION = 10;

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  events.fields.add(new TextField({ name: "slug", max: 100, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" }));
  events.fields.add(new NumberField({ name: "max_per_registration", min: 1, max: 50, onlyInt: true }));
  events.indexes = [...events.indexes, "CREATE UNIQUE INDEX idx_events_slug ON events (slug) WHERE slug != ''"];
  app.save(events);

  for (const event of app.findAllRecords("events")) {
    if (event.getString("title") === SEED_TITLE && !event.getString("slug")) event.set("slug", SEED_SLUG);
    event.set("max_per_registration", DEFAULT_MAX_PER_REGISTRATION);
    app.save(event);
  }

  const events2 = app.findCollectionByNameOrId("events");
  events2.fields.getByName("max_per_registration").required = true;
  app.save(events2);
}, (app) => {
  const events = app.findCollectionByNameOrId("events");
  events.indexes = events.indexes.filter((index) => !index.includes("idx_events_slug"));
  events.fields.removeByName("slug");
  events.fields.removeByName("max_per_registration");
  app.save(events);
});
