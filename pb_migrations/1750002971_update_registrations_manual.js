/// <reference path="../pb_data/types.d.ts" />
// Attendees an administrator adds by hand in Manage Attendees
// (pb_hooks/lib/admin/manual-attendee.js) come as a registration of their
// own, kind 'manual', completed at once:
// - manual_basis: complimentary (nothing paid) or paid_elsewhere (by invoice,
//   bank transfer, at the door…; total_amount_cents holds what was paid, in
//   the event's currency; no money moves through Stripe, so none is refunded
//   there);
// - added_by: the administrator who added them (empty for a superuser, who is
//   no user; not required, so deleting that account later is not blocked);
// - added_reason: why, as the administrator wrote it.
// Rules stay: administrators read registrations, only the server writes them.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  const users = app.findCollectionByNameOrId("users");
  const kind = registrations.fields.getByName("kind");
  kind.values = [...kind.values, "manual"];
  registrations.fields.add(new SelectField({ name: "manual_basis", maxSelect: 1, values: ["complimentary", "paid_elsewhere"] }));
  registrations.fields.add(new RelationField({ name: "added_by", collectionId: users.id, maxSelect: 1, cascadeDelete: false }));
  registrations.fields.add(new TextField({ name: "added_reason", max: 500 }));
  app.save(registrations);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  const kind = registrations.fields.getByName("kind");
  kind.values = kind.values.filter((value) => value !== "manual");
  for (const name of ["manual_basis", "added_by", "added_reason"]) registrations.fields.removeByName(name);
  app.save(registrations);
});
