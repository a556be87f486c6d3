/// <reference path="../pb_data/types.d.ts" />
// Discount codes beside the free code (lib/registration/discount.js decides
// what a code gives; lib/registration/promo.js counts its uses):
// - promo_codes.kind: free (a free registration for one attendee, as every
//   code before), percent (percent_off, 1-99, off each seat's price) or
//   amount (amount_off_cents off each seat's price); an empty kind is free,
//   so codes made elsewhere (the dashboard, scripts) stay what they were;
// - promo_codes.min_seats / max_seats: the seats an order with the code may
//   have (0: no limit). A discount code's max_uses and used_count count seats;
//   a free code's one seat is one use, as before;
// - registrations.unit_price_cents: the price of one seat of this order after
//   any discount, GST included (every seat of an order costs the same);
//   discount_cents: the discount on each seat; discount_label: the code and
//   what it gave, as the checkout and the tax invoice name it.
// Existing codes become free codes; existing orders keep 0 in the new
// fields (their seats' price is their paid amount split, as before).

migrate((app) => {
  const promoCodes = app.findCollectionByNameOrId("promo_codes");
  promoCodes.fields.add(new SelectField({ name: "kind", maxSelect: 1, values: ["free", "percent", "amount"] }));
  promoCodes.fields.add(new NumberField({ name: "percent_off", min: 0, max: 100, onlyInt: true }));
  promoCodes.fields.add(new NumberField({ name: "amount_off_cents", min: 0, onlyInt: true }));
  promoCodes.fields.add(new NumberField({ name: "min_seats", min: 0, onlyInt: true }));
  promoCodes.fields.add(new NumberField({ name: "max_seats", min: 0, onlyInt: true }));
  app.save(promoCodes);
  app.db().newQuery("UPDATE promo_codes SET kind = 'free' WHERE kind = '' OR kind IS NULL").execute();

  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.fields.add(new NumberField({ name: "unit_price_cents", min: 0, onlyInt: true }));
  registrations.fields.add(new NumberField({ name: "discount_cents", min: 0, onlyInt: true }));
  registrations.fields.add(new TextField({ name: "discount_label", max: 200 }));
  app.save(registrations);
}, (app) => {
  const promoCodes = app.findCollectionByNameOrId("promo_codes");
  for (const name of ["kind", "percent_off", "amount_off_cents", "min_seats", "max_seats"]) promoCodes.fields.removeByName(name);
  app.save(promoCodes);
  const registrations = app.findCollectionByNameOrId("registrations");
  for (const name of ["unit_price_cents", "discount_cents", "discount_label"]) registrations.fields.removeByName(name);
  app.save(registrations);
});
