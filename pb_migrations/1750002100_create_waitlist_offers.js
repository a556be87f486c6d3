/// <reference path="../pb_data/types.d.ts" />
// Waitlist offers: a seat freed at a masterclass still to come is offered to
// the longest-waiting person on its waitlist (pb_hooks/lib/waitlist/offers.js).
// - waitlist_offers: one row per person (address, any case) and masterclass,
//   unique, so nobody is ever offered a seat twice for the same masterclass;
//   status open → claimed | declined | expired | skipped. An open offer
//   holds a seat until `expires_at` (lib/events/capacity.js counts it), unless the
//   checkout of its claim (`registration`, pending with a live hold) holds
//   it instead. Administrators read it; only the server writes it.
// - events.waitlist_claim_hours: how long an offer may be claimed (whole
//   hours, 1–168; 0 means WAITLIST_CLAIM_HOURS, default 24).
// - registrations.waitlist_offer: the offer a registration claims.

const ADMIN = '@request.auth.role = "administrator"';

migrate((app) => {
  const events = app.findCollectionByNameOrId("events");
  const attendees = app.findCollectionByNameOrId("attendees");
  const registrations = app.findCollectionByNameOrId("registrations");
  const emails = app.findCollectionByNameOrId("emails");
  const users = app.findCollectionByNameOrId("users");

  events.fields.add(new NumberField({ name: "waitlist_claim_hours", min: 0, max: 168, onlyInt: true }));
  app.save(events);

  const offers = new Collection({
    type: "base",
    name: "waitlist_offers",
    listRule: ADMIN,
    viewRule: ADMIN,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    fields: [
      { name: "event", type: "relation", collectionId: events.id, required: true, maxSelect: 1, cascadeDelete: true },
      // the waitlisted row; cleared if an administrator deletes it (the offer then ends)
      { name: "attendee", type: "relation", collectionId: attendees.id, maxSelect: 1, cascadeDelete: false },
      // stored lower-cased: one offer per address and masterclass
      { name: "email", type: "email", required: true, presentable: true },
      { name: "full_name", type: "text", max: 100 },
      { name: "status", type: "select", required: true, maxSelect: 1, values: ["open", "claimed", "declined", "expired", "skipped"] },
      { name: "offered_at", type: "date" },
      { name: "expires_at", type: "date" },
      { name: "ended_at", type: "date" },
      // the claim's registration: its checkout while paying, then the claimed registration
      { name: "registration", type: "relation", collectionId: registrations.id, maxSelect: 1, cascadeDelete: false },
      {
        name: "trigger",
        type: "select",
        maxSelect: 1,
        values: ["cancellation", "attendee_removed", "checkout_released", "capacity_raised", "sales_reopened", "offer_declined", "offer_expired", "offer_skipped", "administrator", "scheduled_check"],
      },
      // the administrator who offered the seat by hand, or skipped the person
      { name: "triggered_by", type: "relation", collectionId: users.id, maxSelect: 1, cascadeDelete: false },
      { name: "note", type: "text", max: 500 },
      { name: "outbox_email", type: "relation", collectionId: emails.id, maxSelect: 1, cascadeDelete: false },
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ],
    indexes: [
      "CREATE UNIQUE INDEX idx_waitlist_offers_event_email ON waitlist_offers (event, email COLLATE NOCASE)",
      // the seat count (lib/events/capacity.js): open offers of an event still inside their window, and their claim's checkout
      "CREATE INDEX idx_waitlist_offers_seats ON waitlist_offers (event, status, expires_at, registration)",
      "CREATE INDEX idx_waitlist_offers_attendee ON waitlist_offers (attendee)",
      "CREATE INDEX idx_waitlist_offers_status_expires ON waitlist_offers (status, expires_at)",
    ],
  });
  app.save(offers);

  registrations.fields.add(new RelationField({ name: "waitlist_offer", collectionId: offers.id, maxSelect: 1, cascadeDelete: false }));
  registrations.indexes = [...registrations.indexes, "CREATE INDEX idx_registrations_waitlist_offer ON registrations (waitlist_offer) WHERE waitlist_offer != ''"];
  app.save(registrations);
}, (app) => {
  const registrations = app.findCollectionByNameOrId("registrations");
  registrations.indexes = registrations.indexes.filter((index) => !index.includes("idx_registrations_waitlist_offer"));
  registrations.fields.removeByName("waitlist_offer");
  app.save(registrations);
  app.delete(app.findCollectionByNameOrId("waitlist_offers"));
  const events = app.findCollectionByNameOrId("events");
  events.fields.removeByName("waitlist_claim_hours");
  app.save(events);
});
