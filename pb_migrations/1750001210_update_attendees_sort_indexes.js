/// <reference path="../pb_data/types.d.ts" />
// attendees (full_name), (email), (company): the admin table's sortable text
// columns, so a page sorted by one of them reads the index in order and stops
// at the page's end instead of sorting every attendee.

const INDEXES = {
  idx_attendees_full_name: "CREATE INDEX idx_attendees_full_name ON attendees (full_name)",
  idx_attendees_email: "CREATE INDEX idx_attendees_email ON attendees (email)",
  idx_attendees_company: "CREATE INDEX idx_attendees_company ON attendees (company)",
};

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = [...attendees.indexes, ...Object.values(INDEXES)];
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = attendees.indexes.filter((index) => !Object.keys(INDEXES).some((name) => index.includes(`${name} `)));
  app.save(attendees);
});
