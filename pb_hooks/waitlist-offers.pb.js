/// <reference path="../pb_data/types.d.ts" />
// Waitlist offers (lib/waitlist/offers.js; claims: lib/waitlist/offer-claims.js):
//   GET      /api/masterclass/waitlist-offers/claim?offer=…&token=… — the offer and the waitlisted details for /register (the claim link's token)
//   GET|POST /api/masterclass/waitlist-offers/decline?offer=…&token=… — GET asks, POST declines (mail scanners open links)
//   GET      /api/masterclass/waitlist-status?attendee=…&token=… — place in the queue and any offer (the waitlist email's status link)
//   POST     /api/masterclass/waitlist-confirm {attendee, token} — confirms the entry's address (the button of the page
//            the waitlist email's confirmation link opens; lib/waitlist/confirmation.js)
//   GET      /api/masterclass/admin/waitlist/{eventId} — the queue and the offers (administrators)
//   POST     /api/masterclass/admin/waitlist/{eventId}/offer {attendeeId} — offer a free seat to that person now (administrators)
//   POST     /api/masterclass/admin/waitlist/{eventId}/skip {attendeeId} — withdraw their offer or skip them (administrators)
// A seat freeing runs the offer pass after the save commits; the cron expires
// lapsed offers and re-checks every masterclass that has offers.

routerAdd("GET", "/api/masterclass/waitlist-offers/claim", (e) => require(`${__hooks}/lib/waitlist/offer-routes.js`).handleClaimDetails(e));
routerAdd("GET", "/api/masterclass/waitlist-offers/decline", (e) => require(`${__hooks}/lib/waitlist/offer-routes.js`).handleDecline(e));
routerAdd("POST", "/api/masterclass/waitlist-offers/decline", (e) => require(`${__hooks}/lib/waitlist/offer-routes.js`).handleDecline(e));
routerAdd("GET", "/api/masterclass/waitlist-status", (e) => require(`${__hooks}/lib/waitlist/offer-routes.js`).handleStatus(e));
routerAdd("POST", "/api/masterclass/waitlist-confirm", (e) => require(`${__hooks}/lib/waitlist/confirmation.js`).handleConfirm(e));
routerAdd("GET", "/api/masterclass/admin/waitlist/{eventId}", (e) => require(`${__hooks}/lib/waitlist/offer-admin.js`).handleQueue(e));
routerAdd("POST", "/api/masterclass/admin/waitlist/{eventId}/offer", (e) => require(`${__hooks}/lib/waitlist/offer-admin.js`).handleOffer(e));
routerAdd("POST", "/api/masterclass/admin/waitlist/{eventId}/skip", (e) => require(`${__hooks}/lib/waitlist/offer-admin.js`).handleSkip(e));

cronAdd("waitlistOffers", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("waitlistOffers", RETRY.everyMinute, (app) => require(`${__hooks}/lib/waitlist/offers.js`).runScheduled(app));
});

// What frees a seat, seen after the save commits (a cancellation saves the attendee cancelled).
onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist/offers.js`).afterAttendeeUpdate(e);
}, "attendees");

onRecordDelete((e) => {
  require(`${__hooks}/lib/waitlist/offers.js`).beforeAttendeeDelete(e);
  return e.next();
}, "attendees");

onRecordAfterDeleteSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist/offers.js`).afterAttendeeDelete(e);
}, "attendees");

// An open offer whose person is deleted ends in the delete's own transaction (the cascade clears its attendee).
onRecordUpdate((e) => {
  require(`${__hooks}/lib/waitlist/offers.js`).beforeOfferUpdate(e);
  return e.next();
}, "waitlist_offers");

onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist/offers.js`).afterRegistrationUpdate(e);
}, "registrations");

onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/waitlist/offers.js`).afterEventUpdate(e);
}, "events");
