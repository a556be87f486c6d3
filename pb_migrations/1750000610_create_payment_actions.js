/// <reference path="../pb_data/types.d.ts" />
// Creates `payment_actions`: Stripe calls the server owes, recorded in the same
// transaction as the decision that needs them (today: refunding a payment
// whose seats were gone) and made after commit, so no network call ever holds
// SQLite's single writer. A cron job retries pending ones with back-off; the
// idempotency key (unique) makes a retry never act twice. Written only by the
// server; administrators may read, to follow up a `failed` one.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  const admin = '@request.auth.role = "administrator"';

  const paymentActions = new Collection({
    type: "base",
    name: "payment_actions",
    listRule: admin,
    viewRule: admin,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "kind", type: "select", required: true, maxSelect: 1, values: ["refund"] },
      { name: "registration", type: "relation", required: true, collectionId: registrations.id, maxSelect: 1, cascadeDelete: false },
      { name: "payment_intent", type: "text", required: true, max: 255, pattern: "^pi_[A-Za-z0-9_]+$" },
      { name: "amount_cents", type: "number", min: 0, onlyInt: true },
      { name: "currency", type: "text", max: 3 },
      { name: "idempotency_key", type: "text", required: true, max: 255, presentable: true },
      { name: "status", type: "select", required: true, maxSelect: 1, values: ["pending", "done", "failed"] },
      { name: "attempts", type: "number", min: 0, onlyInt: true },
      { name: "last_error", type: "text", max: 2000 },
      { name: "next_attempt_at", type: "date" },
      { name: "stripe_id", type: "text", max: 255 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_payment_actions_idempotency_key ON payment_actions (idempotency_key)",
      "CREATE INDEX idx_payment_actions_status_next ON payment_actions (status, next_attempt_at)",
      "CREATE INDEX idx_payment_actions_registration ON payment_actions (registration)",
    ],
  });

  app.save(paymentActions);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("payment_actions"));
});
