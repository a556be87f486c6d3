/// <reference path="../pb_data/types.d.ts" />
// Waitlist confirmation: a seat is offered only to a waitlist entry whose
// person has shown they own its address (pb_hooks/lib/waitlist/confirmation.js).
// - attendees.waitlist_confirmed_at: when the confirmation link emailed with
//   the waitlist entry was used (empty: not confirmed). Only the server writes
//   it (attendees are written by superusers only; administrators only through
//   the edit form's fields, lib/admin/attendees.js).
// - Entries made before this change are treated as confirmed (the date is
//   their own sign-up time): they joined when no confirmation existed, their
//   email carried no confirmation link, and turning them unconfirmed would
//   silently drop real people from a queue they have waited in, with nothing
//   to tell them why. An administrator can still skip an entry that looks
//   made up (Event & Promo Codes → Waitlist and seat offers).
// - waitlist_offers.trigger gains `sales_sold_out` (an administrator set the
//   sales state to Sold out, so freed seats now go to the waitlist) and
//   `waitlist_confirmed` (a person confirmed their address while a seat was
//   free).
// - An index for the seats an address holds in open offers across every
//   masterclass (the per-email hold limit, lib/events/capacity.js).

const TRIGGERS = ["cancellation", "attendee_removed", "checkout_released", "capacity_raised", "sales_reopened", "offer_declined", "offer_expired", "offer_skipped", "administrator", "scheduled_check"];

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.add(new DateField({ name: "waitlist_confirmed_at" }));
  app.save(attendees);
  app.db().newQuery("UPDATE attendees SET waitlist_confirmed_at = created WHERE registration_status = 'waitlisted'").execute();

  const offers = app.findCollectionByNameOrId("waitlist_offers");
  offers.fields.getByName("trigger").values = [...TRIGGERS, "sales_sold_out", "waitlist_confirmed"];
  offers.indexes = [...offers.indexes, "CREATE INDEX idx_waitlist_offers_email_status ON waitlist_offers (email COLLATE NOCASE, status, expires_at)"];
  app.save(offers);
}, (app) => {
  const offers = app.findCollectionByNameOrId("waitlist_offers");
  offers.indexes = offers.indexes.filter((index) => !index.includes("idx_waitlist_offers_email_status"));
  offers.fields.getByName("trigger").values = TRIGGERS;
  app.save(offers);
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.removeByName("waitlist_confirmed_at");
  app.save(attendees);
});
