/// <reference path="../pb_data/types.d.ts" />
// Speakers belong to a masterclass: `event` (relation, required). The speakers
// that exist already belong to the seeded masterclass. Guests and attendees read
// the speakers of published events only, so a draft's line-up stays private until
// it is published; administrators read and write every speaker.

const ADMIN = '@request.auth.role = "administrator"';
const VISIBLE = `event.published = true || ${ADMIN}`;

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const speakers = app.findCollectionByNameOrId("speakers");
  speakers.fields.add(new RelationField({ name: "event", collectionId: events.id, maxSelect: 1, cascadeDelete: true }));
  speakers.indexes = [...speakers.indexes, "CREATE INDEX idx_speakers_event_sort ON speakers (event, sort)"];
  app.save(speakers);

  // Every speaker so far speaks at the first masterclass.
  const first = app.findRecordsByFilter("events", "id != ''", "starts_at,created", 1, 0);
  if (first.length > 0) {
    app.db().newQuery("UPDATE speakers SET event = {:event} WHERE event = ''").bind({ event: first[0].id }).execute();
  }

  const withEvent = app.findCollectionByNameOrId("speakers");
  withEvent.fields.getByName("event").required = true;
  withEvent.listRule = VISIBLE;
  withEvent.viewRule = VISIBLE;
  app.save(withEvent);
}, (app) => {
  const speakers = app.findCollectionByNameOrId("speakers");
  speakers.indexes = speakers.indexes.filter((index) => !index.includes("idx_speakers_event_sort"));
  speakers.fields.removeByName("event");
  speakers.listRule = "";
  speakers.viewRule = "";
  app.save(speakers);
});
