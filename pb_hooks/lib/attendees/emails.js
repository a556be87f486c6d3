/// <reference path="../../../pb_data/types.d.ts" />
// The emails of a seat passed to a colleague (lib/attendees/self-service.js),
// queued in the `emails` outbox in the substitution's transaction and
// delivered after commit:
// - to the colleague, their ticket: the `new_ticket` kind, so at sending time
//   its QR code is made from the colleague's current code and put inside the
//   message like every ticket (lib/tickets/emails.js sendingStep; the
//   ticket's part of the message is lib/tickets/ticket-block.js); their
//   account invitation (or, with an account already, where to sign in)
//   follows as its own email (lib/accounts/admin-invitation.js);
// - to the person who passed the seat on, a confirmation: the seat is now the
//   colleague's, their ticket no longer admits anyone, and their account
//   stays.

const TEMPLATES = { passedOn: "seat_passed_on" };

function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/**
 * The colleague's ticket.
 * @param {{fullName: string, fromName: string, event: object, ticket: {code: string, calendarUrl: string, portalUrl: string}, contactUrl: string}} data
 */
function colleagueTicketEmail(data) {
  const { TEMPLATES: TICKETS } = require(`${__hooks}/lib/tickets/emails.js`);
  const { event, ticket } = data;
  const block = require(`${__hooks}/lib/tickets/ticket-block.js`).ticketBlock({
    fullName: data.fullName,
    event,
    code: ticket.code,
    portal: `We are sending you a separate email to create your account for the attendee portal, which shows your ticket too, offline, under Your Ticket: ${ticket.portalUrl}`,
  });
  return layout().renderMessage(TICKETS.newTicket, `Your place at ${layout().theEvent(event.title)}`, {
    preheader: `${data.fromName} has passed their seat at ${event.title} on ${event.date} to you.`,
    heading: "You have a place at the masterclass",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `${data.fromName} cannot attend the ${event.title} on ${event.date} and has passed their seat to you. The seat is now yours: we look forward to welcoming you in person.`,
      block.paragraph,
    ],
    image: block.image,
    details: block.details,
    button: { label: "Add to Calendar", url: ticket.calendarUrl },
    closing: [`If you did not expect this, please contact us at ${data.contactUrl}.`],
  });
}

/**
 * To the person who passed their seat on.
 * @param {{fullName: string, toName: string, toEmail: string, event: object, contactUrl: string}} data
 */
function passedOnEmail(data) {
  const { event } = data;
  return layout().renderMessage(TEMPLATES.passedOn, `Your seat at ${layout().theEvent(event.title)} is now ${data.toName}'s`, {
    preheader: `You passed your seat at ${event.title} on ${event.date} to ${data.toName}.`,
    heading: "Your seat has been passed on",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `As you asked, your seat at the ${event.title} on ${event.date} now belongs to ${data.toName} (${data.toEmail}). We have sent them their own ticket and an invitation to the attendee portal.`,
      "Your ticket no longer admits anyone: its QR code will not open the door. Your account stays, with everything you made in the attendee tools, but the masterclass's ticket and session materials are no longer shown to you.",
    ],
    details: [
      ...layout().eventRows(event, false),
      ["Seat passed to", `${data.toName} (${data.toEmail})`],
    ],
    closing: [`If you did not ask for this, please contact us at once at ${data.contactUrl}.`],
  });
}

/**
 * In the substitution's transaction: the colleague's ticket and the
 * confirmation to the one who passed the seat on. Returns the outbox ids.
 * @param {core.App} txApp
 * @param {{from: core.Record, to: core.Record, event: core.Record}} seat
 */
function queueSubstitutionEmails(txApp, { from, to, event }) {
  const links = require(`${__hooks}/lib/core/links.js`);
  const outbox = require(`${__hooks}/lib/email/outbox.js`);
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event);
  const contactUrl = `${links.appUrl(txApp)}/contact`;
  const code = to.getString("ticket_code");
  const ticketMessage = colleagueTicketEmail({
    fullName: to.getString("full_name"),
    fromName: from.getString("full_name"),
    event: facts,
    ticket: { code, calendarUrl: links.ticketCalendarUrl(txApp, event.id, code), portalUrl: links.ticketPageUrl(txApp) },
    contactUrl,
  });
  const ids = [];
  const save = (record, message) => {
    const email = outbox.saveOutboxEmail(txApp, {
      to: record.getString("email"),
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template,
      registration: record.getString("registration"),
      attendee: record.id,
    });
    ids.push(email.id);
  };
  save(to, ticketMessage);
  if (!require(`${__hooks}/lib/accounts/anonymise.js`).isPlaceholder(from.getString("email"))) {
    save(from, passedOnEmail({
      fullName: from.getString("full_name"),
      toName: to.getString("full_name"),
      toEmail: to.getString("email"),
      event: facts,
      contactUrl,
    }));
  }
  return ids;
}

module.exports = { TEMPLATES, colleagueTicketEmail, passedOnEmail, queueSubstitutionEmails };
