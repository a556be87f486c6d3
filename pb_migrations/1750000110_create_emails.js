/// <reference path="../pb_data/types.d.ts" />
// Creates `emails`: the outbox every message goes through (ours and
// PocketBase's own). Written only by the server; administrators read it, which
// is how captured (no SMTP) messages stay viewable in development.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  const attendees = app.findCollectionByNameOrId("attendees");
  const admin = '@request.auth.role = "administrator"';

  const emails = new Collection({
    type: "base",
    name: "emails",
    listRule: admin,
    viewRule: admin,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "to", type: "email", required: true, presentable: true },
      { name: "subject", type: "text", required: true, max: 998 },
      { name: "html", type: "text", max: 500000 },
      { name: "text", type: "text", max: 200000 },
      { name: "template", type: "text", max: 100 },
      { name: "status", type: "select", required: true, maxSelect: 1, values: ["queued", "sent", "failed", "captured"] },
      { name: "attempts", type: "number", min: 0, onlyInt: true },
      { name: "last_error", type: "text", max: 5000 },
      { name: "next_attempt_at", type: "date" },
      { name: "registration", type: "relation", collectionId: registrations.id, maxSelect: 1, cascadeDelete: false },
      { name: "attendee", type: "relation", collectionId: attendees.id, maxSelect: 1, cascadeDelete: false },
      { name: "sent_at", type: "date" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE INDEX idx_emails_status_next_attempt ON emails (status, next_attempt_at)",
      "CREATE INDEX idx_emails_registration ON emails (registration)",
      "CREATE INDEX idx_emails_attendee ON emails (attendee)",
      "CREATE INDEX idx_emails_created ON emails (created)",
    ],
  });

  app.save(emails);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("emails"));
});
