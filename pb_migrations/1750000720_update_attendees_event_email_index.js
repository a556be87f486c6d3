/// <reference path="../pb_data/types.d.ts" />
// attendees (event, email any case): the waitlist's one-entry-per-email check
// runs inside the registration's write transaction, so it must be an index
// lookup, not a scan of every waitlisted attendee.

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = [...attendees.indexes, "CREATE INDEX idx_attendees_event_email ON attendees (event, email COLLATE NOCASE)"];
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = attendees.indexes.filter((index) => !index.includes("idx_attendees_event_email"));
  app.save(attendees);
});
