/// <reference path="../pb_data/types.d.ts" />
// Seeds the masterclass event: Wednesday 18 June 2025, 11:30-14:30 in Adelaide
// (ACST, UTC+9:30), 50 seats at AUD 495.00, sold out as the spec presents it.
// The portal unlocks at 09:00 Adelaide that day (DESIGN decision 1).

const EVENT_TITLE = "AI CHAMPIONS MASTERCLASS";

migrate((app) => {
  const event = new Record(app.findCollectionByNameOrId("events"));
  event.load({
    title: EVENT_TITLE,
    starts_at: "2025-06-18 02:00:00.000Z",
    ends_at: "2025-06-18 05:00:00.000Z",
    timezone: "Australia/Adelaide",
    location: "Adelaide, South Australia",
    venue: "Lot Fourteen, North Terrace, Adelaide SA 5000",
    capacity: 50,
    price_cents: 49500,
    currency: "AUD",
    sales_state: "sold_out",
    portal_unlock_at: "2025-06-17 23:30:00.000Z",
  });
  app.save(event);
}, (app) => {
  const event = app.findFirstRecordByData("events", "title", EVENT_TITLE);
  app.delete(event);
});
