/// <reference path="../../../pb_data/types.d.ts" />
// Before a registration's transaction: what needs no lock is done first, so
// the transaction (which holds SQLite's only writer) stays short. The event
// is looked up, record ids are made in advance, and the emails are rendered
// with them — rendering is most of a registration's work. A promo attendee
// is confirmed at once: its ticket code is made here too, for the email.


/**
 * Completes a validated request with `eventId`, `registrationId`, attendee
 * `id`s, a simulated `sessionId` when that checkout is on, and `emails`.
 * @param {core.App} app
 * @param {object} request a validated registration request, completed here
 * @param {core.Record} [resolved] the event the route resolved, when it has read it already
 */
function prepareRegistration(app, request, resolved) {
  // The event the route resolved (the featured one unless the request named another).
  const event = resolved && resolved.id === request.eventId ? resolved
    : request.eventId ? app.findRecordById("events", request.eventId) : require(`${__hooks}/lib/events/summary.js`).requireEvent(app);
  const emails = require(`${__hooks}/lib/email/registration-emails.js`);
  // record ids in PocketBase's own form, made before the records are
  const { newRecordId } = require(`${__hooks}/lib/core/ids.js`);
  request.eventId = event.id;
  request.registrationId = newRecordId();
  const { newTicketCode } = require(`${__hooks}/lib/tickets/ticket.js`);
  request.attendees.forEach((attendee) => {
    attendee.id = newRecordId();
    attendee.ticketCode = request.mode === "promo" ? newTicketCode() : "";
  });
  // A waitlist offer's claim registers the waitlisted row itself (its id goes into the emails).
  if (request.waitlistOffer) require(`${__hooks}/lib/waitlist/offer-claims.js`).prepareClaim(app, request);
  if (request.mode === "paid" && require(`${__hooks}/lib/checkout/mode.js`).checkoutMode() === "simulated") {
    request.sessionId = require(`${__hooks}/lib/checkout/mode.js`).simulatedSession(request.registrationId).id;
  }
  request.emails = [];
  // A paid registration's emails are queued when it is paid (lib/checkout/fulfilment.js).
  if (request.mode === "paid") return request;
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const people = request.attendees.map(({ id, fullName, email, ticketCode }) => ({ id, fullName, email, ticketCode }));
  if (request.mode === "promo") {
    request.emails = emails.renderRegistrationEmails(app, {
      facts, kind: "promo", totalAmountCents: 0, currency: event.getString("currency"), attendees: people,
      registrationId: request.registrationId, buyerEmail: request.attendees[0].email,
    });
  }
  if (request.mode === "waitlist") {
    const links = require(`${__hooks}/lib/waitlist/offer-links.js`);
    request.emails = emails.renderWaitlistEmail(facts, people[0], links.statusUrl(app, people[0].id), links.confirmUrl(app, people[0].id));
  }
  return request;
}

module.exports = { prepareRegistration };
