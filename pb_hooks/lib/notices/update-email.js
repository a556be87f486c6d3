/// <reference path="../../../pb_data/types.d.ts" />
// "The details of your masterclass have changed": the email each attendee
// holding a seat gets when an administrator changes the masterclass's date,
// times or place and chooses to tell them (lib/notices/routes.js). It is
// queued in the `emails` outbox in the same transaction as the change and
// delivered, retried and reported like every other email (lib/email/delivery.js:
// back-off, `failed` after the last attempt, counted in the admin health).
// At sending time (sendingStep, lib/email/sending-steps.js) it carries the
// calendar file as the masterclass is then: the same UID as the confirmation's
// file, the current SEQUENCE (lib/notices/changes.js), the attendee's ticket
// code. An email whose attendee no longer holds a seat there (cancelled,
// moved, deleted), or whose masterclass was cancelled since, is not sent.
// One waiting email per attendee: a second change before the first email went
// out rewrites the waiting one (lib/email/outbox.js queueAttendeeEmail).

const TEMPLATE = "event_update";

function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/** The place as one line: venue and location, either alone when the other is empty. */
function placeOf(event) {
  return [event.venue, event.location].filter(Boolean).join(", ");
}

/** What changed, in words ("date and time", "venue"), from the schedule fields that changed. */
function changeWords(changed) {
  const when = changed.some((name) => name === "starts_at" || name === "ends_at" || name === "timezone");
  const where = changed.some((name) => name === "venue" || name === "location");
  if (when && where) return "date, time and place";
  if (when) return "date and time";
  if (where) return "place";
  return "details";
}

/**
 * The update email.
 * @param {{fullName: string, event: object, previous: object | null, changed: string[],
 *   ticket: {code: string, calendarUrl: string, portalUrl: string} | null, contactUrl: string}} data
 *   event, previous: lib/events/facts.js eventFacts() after and before the change (previous null
 *   when not known: a change saved elsewhere and told later)
 */
function updateEmail(data) {
  const { event, previous } = data;
  const words = changeWords(data.changed);
  const rows = [["Event", event.title], ["When", event.when], ["Where", placeOf(event)]];
  if (previous && previous.when !== event.when) rows.push(["Previously", previous.when]);
  if (previous && placeOf(previous) !== placeOf(event)) rows.push(["Previous place", placeOf(previous)]);
  if (data.ticket) rows.push(["Ticket code", require(`${__hooks}/lib/tickets/ticket.js`).groupedTicketCode(data.ticket.code)]);
  return layout().renderMessage(TEMPLATE, `Change to ${layout().theEvent(event.title)}: new ${words}`, {
    preheader: `${event.title} is now ${event.when}, ${placeOf(event)}.`,
    heading: `New ${words} for your masterclass`,
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `The ${words} of the ${event.title} you hold a seat at have changed. It is now ${event.when}, at ${placeOf(event)}.`,
      "Your seat and your ticket stay the same. The calendar file attached to this email updates the entry already in your calendar; open it, or use the button below.",
    ],
    details: rows,
    button: data.ticket ? { label: "Update your calendar", url: data.ticket.calendarUrl } : { label: "Update your calendar", url: event.calendarUrl },
    closing: [
      data.ticket ? {
        text: "Your ticket, with the new details, is in the attendee portal under Your Ticket.",
        button: { label: "Open Your Ticket", url: data.ticket.portalUrl },
        plain: `Your ticket, with the new details, is in the attendee portal under Your Ticket: ${data.ticket.portalUrl}`,
      } : "",
      `If you can no longer come, please contact us at ${data.contactUrl}.`,
    ].filter(Boolean),
  });
}

/** The update email for one attendee, with their ticket. */
function attendeeMessage(txApp, attendee, facts, previous, changed) {
  const links = require(`${__hooks}/lib/core/links.js`);
  const code = attendee.getString("ticket_code");
  return updateEmail({
    fullName: attendee.getString("full_name"),
    event: facts,
    previous,
    changed,
    ticket: code ? { code, calendarUrl: links.ticketCalendarUrl(txApp, facts.id, code), portalUrl: links.ticketPageUrl(txApp) } : null,
    contactUrl: `${links.appUrl(txApp)}/contact`,
  });
}

/**
 * In the change's transaction: one update email for each attendee holding a
 * seat. Returns the outbox ids of the emails queued.
 * @param {core.App} txApp
 * @param {core.Record} event saved with the change
 * @param {object | null} previous eventFacts() before the change, or null
 * @param {string[]} changed the schedule fields that changed
 */
function queueUpdateEmails(txApp, event, previous, changed) {
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
  const holders = require(`${__hooks}/lib/notices/changes.js`).seatHolders(txApp, event.id);
  const { queueAttendeeEmail } = require(`${__hooks}/lib/email/outbox.js`);
  return holders.map((attendee) => queueAttendeeEmail(txApp, attendee, attendeeMessage(txApp, attendee, facts, previous, changed)).id);
}

/** The email the first seat holder would get: the preview shown before saving. */
function previewMessage(app, event, previous, changed) {
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const [first] = require(`${__hooks}/lib/notices/changes.js`).seatHolders(app, event.id);
  if (first) return attendeeMessage(app, first, facts, previous, changed);
  const links = require(`${__hooks}/lib/core/links.js`);
  return updateEmail({ fullName: "Alex Example", event: facts, previous, changed, ticket: null, contactUrl: `${links.appUrl(app)}/contact` });
}

function findAttendee(app, id) {
  try {
    return id ? app.findRecordById("attendees", id) : null;
  } catch {
    return null;
  }
}

/** Not sent: its attendee no longer holds a seat, or the masterclass was cancelled. */
function isObsolete(app, email) {
  if (email.getString("template") !== TEMPLATE) return false;
  const attendee = findAttendee(app, email.getString("attendee"));
  if (!attendee || !require(`${__hooks}/lib/notices/changes.js`).SEATED.includes(attendee.getString("registration_status"))) return true;
  const event = app.findRecordById("events", attendee.getString("event"));
  return event.getString("cancelled_at") !== "";
}

/** At sending time: the calendar file as the masterclass is now, with the attendee's current ticket. */
function prepare(app, email, message) {
  const { CALENDAR_FILENAME } = require(`${__hooks}/lib/tickets/ics.js`);
  const attendee = app.findRecordById("attendees", email.getString("attendee"));
  const event = app.findRecordById("events", attendee.getString("event"));
  const ticket = require(`${__hooks}/lib/tickets/codes.js`).currentTicket(app, attendee.id);
  const calendar = require(`${__hooks}/lib/tickets/calendar.js`).eventCalendar(app, event, ticket);
  return { message, attachments: { [CALENDAR_FILENAME]: $filesystem.fileFromBytes(calendar, CALENDAR_FILENAME).reader.open() }, inline: {} };
}

const sendingStep = { handles: (template) => template === TEMPLATE, isObsolete, prepare };

module.exports = { TEMPLATE, changeWords, updateEmail, queueUpdateEmails, previewMessage, sendingStep };
