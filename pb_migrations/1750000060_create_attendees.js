/// <reference path="../pb_data/types.d.ts" />
// Creates `attendees`: one per person on a registration. Created only by the
// server routes; administrators list, edit and delete; a signed-in attendee
// may read its own row (linked through `user` at sign-up).

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const registrations = app.findCollectionByNameOrId("registrations");
  const users = app.findCollectionByNameOrId("users");
  const admin = '@request.auth.role = "administrator"';
  const adminOrSelf = '@request.auth.role = "administrator" || (@request.auth.id != "" && user = @request.auth.id)';

  const attendees = new Collection({
    type: "base",
    name: "attendees",
    listRule: adminOrSelf,
    viewRule: adminOrSelf,
    createRule: null,
    updateRule: admin,
    deleteRule: admin,
    fields: [
      { name: "registration", type: "relation", required: true, collectionId: registrations.id, maxSelect: 1, cascadeDelete: true },
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: false },
      { name: "full_name", type: "text", required: true, min: 2, max: 200, presentable: true },
      { name: "email", type: "email", required: true },
      { name: "company", type: "text", max: 200 },
      { name: "job_title", type: "text", max: 200 },
      { name: "dietary_requirements", type: "text", max: 1000 },
      { name: "phone_number", type: "text", max: 40, pattern: "^[0-9+()\\-. ]*$" },
      {
        name: "role",
        type: "select",
        maxSelect: 1,
        values: [
          "Executive Leader / Founder",
          "Senior Manager",
          "Mid-Level Manager / Team Leader",
          "IT / Technical Professional",
          "Transformation / Innovation / Strategy Role",
          "AI-Curious Professional",
        ],
      },
      { name: "user", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
      { name: "privacy_consent", type: "bool" },
      { name: "marketing_consent", type: "bool" },
      { name: "utm_source", type: "text", max: 255 },
      { name: "utm_medium", type: "text", max: 255 },
      {
        name: "registration_status",
        type: "select",
        required: true,
        maxSelect: 1,
        values: ["confirmed", "waitlisted", "cancelled", "confirmed_observer"],
      },
      { name: "invitation_sent", type: "bool" },
      { name: "invitation_sent_at", type: "date" },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_attendees_registration_email ON attendees (registration, email COLLATE NOCASE)",
      "CREATE INDEX idx_attendees_event_status ON attendees (event, registration_status)",
      "CREATE INDEX idx_attendees_user ON attendees (user)",
      "CREATE INDEX idx_attendees_created ON attendees (created)",
    ],
  });

  app.save(attendees);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("attendees"));
});
