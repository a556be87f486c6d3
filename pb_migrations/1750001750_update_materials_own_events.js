/// <reference path="../pb_data/types.d.ts" />
// Session materials belong to the people who came: a signed-in account reads
// an event's materials once that event's portal has unlocked AND the account
// holds a confirmed seat (confirmed or confirmed observer) at that event.
// Before, any account could read every event's materials once each unlocked,
// so an attendee of one masterclass could download the next one's handouts.
// The three `@collection.attendees` conditions share one join (the same row):
// the account's own row, at this material's event, confirmed.
// Administrators read every material as before.

const OWN_EVENT_RULE =
  '@request.auth.id != "" && (@request.auth.role = "administrator" || (@now >= event.portal_unlock_at' +
  ' && @collection.attendees.user ?= @request.auth.id && @collection.attendees.event ?= event' +
  ' && (@collection.attendees.registration_status ?= "confirmed" || @collection.attendees.registration_status ?= "confirmed_observer")))';
const ANY_EVENT_RULE = '@request.auth.id != "" && (@request.auth.role = "administrator" || @now >= event.portal_unlock_at)';

migrate((app) => {
  const materials = app.findCollectionByNameOrId("materials");
  materials.listRule = OWN_EVENT_RULE;
  materials.viewRule = OWN_EVENT_RULE;
  app.save(materials);
}, (app) => {
  const materials = app.findCollectionByNameOrId("materials");
  materials.listRule = ANY_EVENT_RULE;
  materials.viewRule = ANY_EVENT_RULE;
  app.save(materials);
});
