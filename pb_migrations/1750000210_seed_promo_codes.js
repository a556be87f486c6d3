/// <reference path="../pb_data/types.d.ts" />
// Seeds the development promo code CHAMPION2025: 20 free single-attendee
// registrations, valid until the end of 18 June 2025 in Adelaide. Only in
// development: an installation first migrated in production
// (pb_hooks/lib/core/app-env.js) gets no promo code.

const CODE = "CHAMPION2025";

migrate((app) => {
  if (require(`${__hooks}/lib/core/app-env.js`).isProduction()) return;
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
  try {
    app.delete(app.findFirstRecordByData("promo_codes", "code", CODE));
  } catch {
    // never seeded (production)
  }
});
