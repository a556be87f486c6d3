/// <reference path="../pb_data/types.d.ts" />
// Creates `registrations`: one per checkout, promo or waitlist request. Written
// only by the server routes (payment status is never set by a browser);
// administrators may read.

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const promoCodes = app.findCollectionByNameOrId("promo_codes");
  const admin = '@request.auth.role = "administrator"';

  const registrations = new Collection({
    type: "base",
    name: "registrations",
    listRule: admin,
    viewRule: admin,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "event", type: "relation", required: true, collectionId: events.id, maxSelect: 1, cascadeDelete: false },
      { name: "kind", type: "select", required: true, maxSelect: 1, values: ["paid", "promo", "waitlist"] },
      {
        name: "status",
        type: "select",
        required: true,
        maxSelect: 1,
        values: ["pending", "paid", "completed", "expired", "cancelled"],
      },
      { name: "primary_email", type: "email", required: true, presentable: true },
      { name: "total_amount_cents", type: "number", min: 0, onlyInt: true },
      { name: "currency", type: "text", required: true, min: 3, max: 3, pattern: "^[A-Z]{3}$" },
      { name: "promo_code", type: "relation", collectionId: promoCodes.id, maxSelect: 1, cascadeDelete: false },
      { name: "retry_count", type: "number", min: 0, onlyInt: true },
      { name: "utm_source", type: "text", max: 255 },
      { name: "utm_medium", type: "text", max: 255 },
      { name: "stripe_session_id", type: "text", max: 255 },
      { name: "hold_expires_at", type: "date" },
      { name: "email_error_log", type: "text", max: 20000 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_registrations_stripe_session_id ON registrations (stripe_session_id) WHERE stripe_session_id != ''",
      "CREATE INDEX idx_registrations_event_status ON registrations (event, status)",
    ],
  });

  app.save(registrations);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("registrations"));
});
