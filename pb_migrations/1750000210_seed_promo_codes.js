/// <reference path="../pb_data/types.d.ts" />
// Seeds the development promo code CHAMPION2025: 20 free single-attendee
// registrations, valid until the end of 18 June 2025 in Adelaide.

const CODE = "CHAMPION2025";

migrate((app) => {
  const event = app.findFirstRecordByData("events", "title", "AI CHAMPIONS MASTERCLASS");
  const promo = new Record(app.findCollectionByNameOrId("promo_codes"));
  promo.load({
    code: CODE,
    event: event.id,
    max_uses: 20,
    used_count: 0,
    expires_at: "2025-06-18 14:29:59.999Z",
    active: true,
  });
  app.save(promo);
}, (app) => {
  app.delete(app.findFirstRecordByData("promo_codes", "code", CODE));
});
