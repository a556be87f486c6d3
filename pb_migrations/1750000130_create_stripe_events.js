/// <reference path="../pb_data/types.d.ts" />
// Creates `stripe_events`: the webhook's idempotency ledger. The event id is
// recorded (unique) before an event is handled, so a redelivery is a no-op.
// No client access at all (every rule null).

migrate((app) => {
  const stripeEvents = new Collection({
    type: "base",
    name: "stripe_events",
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "event_id", type: "text", required: true, max: 255, pattern: "^evt_[A-Za-z0-9_]+$", presentable: true },
      { name: "type", type: "text", required: true, max: 255 },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_stripe_events_event_id ON stripe_events (event_id)",
    ],
  });

  app.save(stripeEvents);
}, (app) => {
  app.delete(app.findCollectionByNameOrId("stripe_events"));
});
