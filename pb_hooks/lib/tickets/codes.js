/// <reference path="../../../pb_data/types.d.ts" />
// The ticket codes of confirmed attendees (`attendees.ticket_code`, format in
// lib/tickets/ticket.js): assigned by the attendee record hook in Go
// (pocketbase/recordhooks.go) whenever a row is created confirmed or becomes
// confirmed (registration, fulfilment, a superuser's edit), unless it already
// has one; and the ticket an attendee holds now, which confirmation emails,
// new-ticket emails and calendar files carry.

const CONFIRMED = ["confirmed", "confirmed_observer"];

function isConfirmed(status) {
  return CONFIRMED.includes(status);
}

function findOne(app, collection, field, value) {
  try {
    return app.findFirstRecordByData(collection, field, value);
  } catch {
    return null;
  }
}

/**
 * The ticket a confirmation email or a calendar file carries: the attendee's
 * current code if the attendee is confirmed for `eventId`, else null.
 * @param {core.Record | null} attendee
 */
function ticketOf(attendee, eventId) {
  if (!attendee || attendee.getString("event") !== eventId) return null;
  const code = attendee.getString("ticket_code");
  if (code === "" || !isConfirmed(attendee.getString("registration_status"))) return null;
  return { code, eventId, payload: require(`${__hooks}/lib/tickets/ticket.js`).ticketPayload(eventId, code), fullName: attendee.getString("full_name") };
}

/** The current ticket of an attendee (by id) at their own masterclass, or null. */
function currentTicket(app, attendeeId) {
  const attendee = attendeeId ? findOne(app, "attendees", "id", attendeeId) : null;
  return attendee ? ticketOf(attendee, attendee.getString("event")) : null;
}

/** The ticket with this code at this event (the calendar link's `ticket`), or null. */
function ticketByCode(app, code, eventId) {
  return require(`${__hooks}/lib/tickets/ticket.js`).isTicketCode(code) ? ticketOf(findOne(app, "attendees", "ticket_code", code), eventId) : null;
}

module.exports = { CONFIRMED, isConfirmed, findOne, currentTicket, ticketByCode };
