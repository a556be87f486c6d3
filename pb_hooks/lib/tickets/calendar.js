/// <reference path="../../../pb_data/types.d.ts" />
// The masterclass as a calendar file (its facts: lib/events/facts.js), and
// the handler of GET /api/masterclass/event.ics (public). With `ticket=<code>` of
// a confirmed attendee of that masterclass (the link in their confirmation),
// the file names the ticket code and links to the portal's ticket page; any
// other code gets the event's own file, which says nothing of tickets.

/**
 * The event as an .ics file's text; with a ticket (lib/tickets/codes.js), the
 * attendee's name and ticket code in the description and the portal's ticket
 * page as its URL.
 * @param {{code: string, payload: string, fullName: string} | null} [ticket]
 */
function eventCalendar(app, event, ticket) {
  const { buildCalendar } = require(`${__hooks}/lib/tickets/ics.js`);
  const format = require(`${__hooks}/lib/events/format.js`);
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const host = facts.appUrl.replace(/^[a-z]+:\/\//i, "").replace(/[/:].*$/, "") || "localhost";
  const place = [facts.venue, facts.location].filter(Boolean).join(", ");
  const ticketPage = require(`${__hooks}/lib/core/links.js`).ticketPageUrl(app);
  const ticketLines = ticket
    ? `\n\nTicket for ${ticket.fullName}: ${ticket.code}\nShow the QR code from your confirmation email, or from the attendee portal (Your Ticket: ${ticketPage}), at the door.`
    : "";
  return buildCalendar({
    uid: `masterclass-${event.id}@${host}`,
    title: facts.title,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    timezone: event.getString("timezone") || "Australia/Adelaide",
    location: place,
    description: `${facts.title}\n${facts.when}\n${place}\n\nDetails: ${facts.appUrl}${ticketLines}`,
    url: ticket ? ticketPage : facts.appUrl,
    stamp: new Date(),
    lastModified: format.parseUtc(event.getString("updated")),
    // the entry's version: one more with each change of date, times or place (lib/notices/changes.js)
    sequence: event.getInt("calendar_sequence"),
    cancelled: event.getString("cancelled_at") !== "",
    organizer: { name: app.settings().meta.senderName, address: app.settings().meta.senderAddress },
  });
}

/** @param {core.RequestEvent} e */
function handleEventCalendar(e) {
  const { CALENDAR_FILENAME } = require(`${__hooks}/lib/tickets/ics.js`);
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    // The featured masterclass, or the one named by `?event=<id>`.
    const event = require(`${__hooks}/lib/events/summary.js`).queryEvent(e);
    const ticket = require(`${__hooks}/lib/tickets/codes.js`).ticketByCode(e.app, e.request.url.query().get("ticket"), event.id);
    const body = eventCalendar(e.app, event, ticket);
    e.response.header().set("Content-Type", "text/calendar; charset=utf-8");
    e.response.header().set("Content-Disposition", `attachment; filename="${CALENDAR_FILENAME}"`);
    // a file that names a ticket is the attendee's own: no shared cache keeps it
    e.response.header().set("Cache-Control", ticket ? "private, no-store" : "no-cache");
    return e.string(200, body);
  });
}

module.exports = { eventCalendar, handleEventCalendar };
