/// <reference path="../pb_data/types.d.ts" />
// payment_actions also carry the partial refund of one cancelled attendee:
// - attendee: whose cancellation it pays back (empty for a whole
//   registration's refund);
// - reason: why (the terms' tier, or an administrator's reason);
// - stripe_status: the refund's status as Stripe last reported it
//   (succeeded, pending, failed, …; `simulated` when no money moved);
// - simulated: a refund of a simulated checkout's payment: recorded and shown
//   like any other, never sent to Stripe;
// - payment_intent may be empty (a simulated payment has none).
// Rules stay: administrators read, nobody writes through the API.

migrate((app) => {
  const actions = app.findCollectionByNameOrId("payment_actions");
  const attendees = app.findCollectionByNameOrId("attendees");
  actions.fields.add(new RelationField({ name: "attendee", collectionId: attendees.id, maxSelect: 1, cascadeDelete: false }));
  actions.fields.add(new TextField({ name: "reason", max: 500 }));
  actions.fields.add(new TextField({ name: "stripe_status", max: 40 }));
  actions.fields.add(new BoolField({ name: "simulated" }));
  actions.fields.getByName("payment_intent").required = false;
  actions.indexes = [...actions.indexes, "CREATE INDEX idx_payment_actions_attendee ON payment_actions (attendee)"];
  app.save(actions);
}, (app) => {
  const actions = app.findCollectionByNameOrId("payment_actions");
  for (const name of ["attendee", "reason", "stripe_status", "simulated"]) actions.fields.removeByName(name);
  actions.fields.getByName("payment_intent").required = true;
  actions.indexes = actions.indexes.filter((index) => !index.includes("idx_payment_actions_attendee"));
  app.save(actions);
});
