/// <reference path="../pb_data/types.d.ts" />
// `attendees.registration_status` may be empty: the attendees of a paid
// registration still in checkout hold a seat but are not confirmed yet (the
// spec shows an empty status as '-'). Fulfilment sets `confirmed`; an expired
// hold sets `cancelled`.

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.getByName("registration_status").required = false;
  app.save(attendees);
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.getByName("registration_status").required = true;
  app.save(attendees);
});
