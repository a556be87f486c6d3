/// <reference path="../pb_data/types.d.ts" />
// Tickets for confirmed attendees.
// - attendees.ticket_code: the attendee's door ticket, 26 symbols of a
//   32-symbol alphabet (130 random bits, never derived from the record id),
//   unique when set. Read like the rest of the row (the attendee's own row,
//   administrators every row); never written through the records API by
//   anyone but a superuser: the server's hooks assign it
//   (the attendee record hook, pocketbase/recordhooks.go) and administrators replace it with
//   POST /api/masterclass/admin/attendees/{id}/ticket.
// - voided_tickets (code, attendee, event, voided_at): codes replaced by a new
//   one, so the door can say "replaced" rather than "unknown". Administrators
//   read it; only the server writes it.
// - Every confirmed attendee already stored gets a code here.

const ADMIN = '@request.auth.role = "administrator"';
// The alphabet and length of pb_hooks/lib/tickets/ticket.js, as they were when this ran.
const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 26;

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.add(new TextField({ name: "ticket_code", max: 64, pattern: "^[a-z0-9]*$" }));
  attendees.indexes = [...attendees.indexes, "CREATE UNIQUE INDEX idx_attendees_ticket_code ON attendees (ticket_code) WHERE ticket_code != ''"];
  app.save(attendees);

  const voided = new Collection({
    type: "base",
    name: "voided_tickets",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "code", type: "text", required: true, max: 64, presentable: true },
      { name: "attendee", type: "relation", required: true, collectionId: attendees.id, maxSelect: 1, cascadeDelete: true },
      { name: "event", type: "relation", required: true, collectionId: app.findCollectionByNameOrId("events").id, maxSelect: 1, cascadeDelete: true },
      { name: "voided_at", type: "date" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: ["CREATE UNIQUE INDEX idx_voided_tickets_code ON voided_tickets (code)"],
  });
  app.save(voided);

  const confirmed = app.findRecordsByFilter(
    "attendees",
    "(registration_status = 'confirmed' || registration_status = 'confirmed_observer') && ticket_code = ''",
    "created,id",
    0,
    0,
  );
  for (const attendee of confirmed) {
    attendee.set("ticket_code", $security.randomStringWithAlphabet(CODE_LENGTH, CODE_ALPHABET));
    app.save(attendee);
  }
}, (app) => {
  app.delete(app.findCollectionByNameOrId("voided_tickets"));
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.indexes = attendees.indexes.filter((index) => !index.includes("idx_attendees_ticket_code"));
  attendees.fields.removeByName("ticket_code");
  app.save(attendees);
});
