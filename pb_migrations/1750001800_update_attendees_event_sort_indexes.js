/// <reference path="../pb_data/types.d.ts" />
// attendees: the admin attendee list and its CSV export are now for one
// masterclass at a time (`WHERE event = ?`), so their sort indexes lead with
// the event: (event, created, id) for newest first and the export's keyset
// pages, (event, full_name), (event, email), (event, company) for the sortable
// text columns. Without them SQLite takes idx_attendees_event_status (or
// idx_attendees_event_email, which is NOCASE and cannot give the binary
// order) for `event = ?` and sorts every attendee of the event for each page.
// Sorting by status reads idx_attendees_event_status (event,
// registration_status) in order already.
//
// They replace the indexes the same routes used before they filtered by event
// (1750001200 (created, id); 1750001210 (full_name), (email), (company)):
// nothing else sorts attendees by those columns, and each index costs every
// registration a write. idx_attendees_created stays (the dashboard's default
// sort); the down migration puts the old ones back.

const ADDED = {
  idx_attendees_event_created_id: "CREATE INDEX idx_attendees_event_created_id ON attendees (event, created, id)",
  idx_attendees_event_full_name: "CREATE INDEX idx_attendees_event_full_name ON attendees (event, full_name)",
  idx_attendees_event_email_order: "CREATE INDEX idx_attendees_event_email_order ON attendees (event, email)",
  idx_attendees_event_company: "CREATE INDEX idx_attendees_event_company ON attendees (event, company)",
};
const REPLACED = {
  idx_attendees_created_id: "CREATE INDEX idx_attendees_created_id ON attendees (created, id)",
  idx_attendees_full_name: "CREATE INDEX idx_attendees_full_name ON attendees (full_name)",
  idx_attendees_email: "CREATE INDEX idx_attendees_email ON attendees (email)",
  idx_attendees_company: "CREATE INDEX idx_attendees_company ON attendees (company)",
};

/** Whether `index` (its CREATE statement, names quoted or not) creates one of `names`. */
const named = (index, names) => {
  const plain = index.replace(/[`"[\]]/g, "");
  return names.some((name) => plain.includes(` ${name} `));
};

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = [...attendees.indexes.filter((index) => !named(index, Object.keys(REPLACED))), ...Object.values(ADDED)];
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = [...attendees.indexes.filter((index) => !named(index, Object.keys(ADDED))), ...Object.values(REPLACED)];
  app.save(attendees);
});
