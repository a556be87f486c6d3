/// <reference path="../pb_data/types.d.ts" />
// registrations.held_seats: how many seats a paid registration holds while
// its checkout is pending (its attendee count). The seat counts that every
// paid registration makes inside its write transaction (seats held for the
// event, by one buyer, by one client) then sum one column of a covering index
// instead of joining every attendee of every open checkout.

const HOLD_INDEXES = [
  "CREATE INDEX idx_registrations_holds_event ON registrations (event, status, kind, hold_expires_at, held_seats)",
  "CREATE INDEX idx_registrations_holds_client ON registrations (client_key, status, kind, hold_expires_at, held_seats)",
  "CREATE INDEX idx_registrations_holds_email ON registrations (primary_email COLLATE NOCASE, status, kind, hold_expires_at, held_seats)",
];
const REPLACED = ["idx_registrations_hold_client", "idx_registrations_hold_email"];

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new NumberField({ name: "held_seats", min: 0, onlyInt: true }));
  registrations.indexes = [...registrations.indexes.filter((index) => !REPLACED.some((name) => index.includes(name))), ...HOLD_INDEXES];
  app.save(registrations);
  app.db().newQuery(`
    UPDATE registrations SET held_seats = (SELECT COUNT(*) FROM attendees a WHERE a.registration = registrations.id)
    WHERE kind = 'paid'`).execute();
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.indexes = [
    ...registrations.indexes.filter((index) => !index.includes("idx_registrations_holds_")),
    "CREATE INDEX idx_registrations_hold_client ON registrations (status, client_key)",
    "CREATE INDEX idx_registrations_hold_email ON registrations (status, primary_email COLLATE NOCASE)",
  ];
  registrations.fields.removeByName("held_seats");
  app.save(registrations);
});
