/// <reference path="../pb_data/types.d.ts" />
// attendees (created, id): the admin list's default order (newest first) and
// the CSV export's pages (keyset on created, then id) read this index instead
// of sorting every attendee again for each page.

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = [...attendees.indexes, "CREATE INDEX idx_attendees_created_id ON attendees (created, id)"];
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = attendees.indexes.filter((index) => !index.includes("idx_attendees_created_id"));
  app.save(attendees);
});
