/// <reference path="../pb_data/types.d.ts" />
// Adds what an administrator needs to follow up a payment: the amount Stripe
// says was paid and its payment intent, and a review flag with a note, set
// when the paid amount differs from the registration's total or a refund
// could not be made. A log line alone is read by nobody.

migrate((app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new NumberField({ name: "paid_amount_cents", min: 0, onlyInt: true }));
  registrations.fields.add(new TextField({ name: "stripe_payment_intent", max: 255 }));
  registrations.fields.add(new BoolField({ name: "needs_review" }));
  registrations.fields.add(new TextField({ name: "review_note", max: 2000 }));
  app.save(registrations);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  for (const name of ["paid_amount_cents", "stripe_payment_intent", "needs_review", "review_note"]) {
    registrations.fields.removeByName(name);
  }
  app.save(registrations);
});
