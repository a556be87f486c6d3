/// <reference path="../../../pb_data/types.d.ts" />
// The emails that carry a ticket, and their step at sending time
// (sendingStep, lib/email/sending-steps.js) that keeps their words and their
// QR code in agreement and attaches their files:
// - new_ticket: "Your new ticket", queued in the `emails` outbox in the same
//   transaction as the code an administrator made (lib/tickets/routes.js
//   regenerateInTransaction) and delivered after commit, so an attendee
//   without a portal account is not left with a voided QR code only;
// - the registration confirmation (lib/email/templates.js), which also
//   carries the masterclass as a calendar file (lib/tickets/calendar.js).
// The outbox stores a message's text when it is queued, while its QR code PNG
// is made when it is sent, from the attendee's current code. So that a
// message queued (or retried) across a regeneration never says one code and
// shows another, at sending time every code of the attendee that was replaced
// since (`voided_tickets`) is put back as the current one, in the message and
// in the outbox row, which then shows what was sent. A new-ticket email whose
// attendee no longer holds a ticket (the seat was cancelled meanwhile) is not
// sent: it is marked cancelled.
// The QR code goes inside the message (an inline image the HTML shows by
// `cid:`, in multipart/related: pocketbase/mail.go), the calendar file as an
// attachment; the admin preview shows the same image (previewImages). The
// ticket's part of a message (QR code, its paragraph, the code) is written
// once, by lib/tickets/ticket-block.js.

const TEMPLATES = { newTicket: "new_ticket" };


function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/**
 * "Your new ticket".
 * @param {{fullName: string, event: object, hasAccount: boolean,
 *   ticket: {code: string, calendarUrl: string, portalUrl: string}, contactUrl: string}} data
 *   event: lib/events/facts.js eventFacts(); hasAccount: the attendee has signed up to the portal
 */
function newTicketEmail(data) {
  const { event, ticket } = data;
  const block = require(`${__hooks}/lib/tickets/ticket-block.js`).ticketBlock({
    fullName: data.fullName,
    event,
    code: ticket.code,
    portal: data.hasAccount
      ? `The attendee portal shows it too, offline, under Your Ticket: ${ticket.portalUrl}`
      : `Once you have created your account with the invitation we emailed you, the attendee portal shows it too, offline, under Your Ticket: ${ticket.portalUrl}`,
  });
  return layout().renderMessage(TEMPLATES.newTicket, `Your new ticket for ${layout().theEvent(event.title)}`, {
    preheader: `Your new ticket for ${event.title} on ${event.date}. Your previous ticket no longer works.`,
    heading: "Your new ticket",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `We have issued you a new ticket for the ${event.title} on ${event.date}. Your previous ticket no longer works: its QR code will not admit you at the door, so please use this one instead.`,
      block.paragraph,
    ],
    image: block.image,
    details: block.details,
    button: { label: "Open Your Ticket", url: ticket.portalUrl },
    closing: [
      {
        text: "Add the masterclass to your calendar with your new ticket.",
        button: { label: "Add to Calendar", url: ticket.calendarUrl },
        plain: `Add the masterclass to your calendar with your new ticket: ${ticket.calendarUrl}`,
      },
      `If you did not expect a new ticket, please contact us at ${data.contactUrl}.`,
    ],
  });
}

/**
 * In the regeneration's transaction: the attendee's "Your new ticket" email
 * with their new code. Returns the outbox record, or null for an anonymised
 * attendee (no address left to write to).
 * @param {core.App} txApp
 * @param {core.Record} attendee saved with its new code
 */
function queueNewTicketEmail(txApp, attendee) {
  if (require(`${__hooks}/lib/accounts/anonymise.js`).isPlaceholder(attendee.getString("email"))) return null;
  const links = require(`${__hooks}/lib/core/links.js`);
  const event = txApp.findRecordById("events", attendee.getString("event"));
  const code = attendee.getString("ticket_code");
  const message = newTicketEmail({
    fullName: attendee.getString("full_name"),
    event: require(`${__hooks}/lib/events/facts.js`).eventFacts(txApp, event),
    hasAccount: attendee.getString("user") !== "",
    ticket: { code, calendarUrl: links.ticketCalendarUrl(txApp, event.id, code), portalUrl: links.ticketPageUrl(txApp) },
    contactUrl: `${links.appUrl(txApp)}/contact`,
  });
  return require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
    to: attendee.getString("email"),
    subject: message.subject,
    html: message.html,
    text: message.text,
    template: message.template,
    registration: "",
    attendee: attendee.id,
  });
}

/** Whether an outbox email shows its attendee's ticket (QR code and code). @param {core.Record} email */
function carriesTicket(email) {
  const { TEMPLATES: REGISTRATION } = require(`${__hooks}/lib/email/templates.js`);
  const template = email.getString("template");
  return email.getString("attendee") !== "" && (template === TEMPLATES.newTicket || template === REGISTRATION.confirmation);
}

/**
 * A new-ticket email whose attendee no longer holds a ticket, or a
 * confirmation whose attendee was cancelled before it went out (a ticket
 * resent while the seat was being cancelled): it is not sent.
 */
function isObsolete(app, email) {
  const codes = require(`${__hooks}/lib/tickets/codes.js`);
  if (email.getString("template") === TEMPLATES.newTicket) return !codes.currentTicket(app, email.getString("attendee"));
  if (email.getString("template") !== require(`${__hooks}/lib/email/templates.js`).TEMPLATES.confirmation || !email.getString("attendee")) return false;
  const attendee = codes.findOne(app, "attendees", "id", email.getString("attendee"));
  return !!attendee && attendee.getString("registration_status") === "cancelled";
}

/**
 * What a ticket-carrying email sends: `{message, ticket}`, the message with
 * the attendee's current code in place of every one of theirs replaced since
 * it was written, and the ticket its files are made from (the same one), or
 * null. The outbox row and its working copy are corrected alike (`email` is
 * the claimed record the delivery saves afterwards).
 * @param {core.App} app
 * @param {core.Record} email
 * @param {{subject: string, html: string, text: string}} message
 */
function withCurrentTicket(app, email, message) {
  if (!carriesTicket(email)) return { message, ticket: null };
  const attendeeId = email.getString("attendee");
  const ticket = require(`${__hooks}/lib/tickets/codes.js`).currentTicket(app, attendeeId);
  if (!ticket) return { message, ticket: null };
  const replaced = app
    .findRecordsByFilter("voided_tickets", "attendee = {:attendee}", "", 0, 0, { attendee: attendeeId })
    .map((voided) => voided.getString("code"))
    .filter((code) => code !== "" && code !== ticket.code);
  // the code is written whole (the QR code's words) or in groups of four (the code people read): both are put right
  const { groupedTicketCode } = require(`${__hooks}/lib/tickets/ticket.js`);
  const current = (text) => replaced.reduce((out, code) => out.split(groupedTicketCode(code)).join(groupedTicketCode(ticket.code)).split(code).join(ticket.code), text || "");
  const corrected = { ...message, html: current(message.html), text: current(message.text) };
  const stored = { html: email.getString("html"), text: email.getString("text") };
  if (current(stored.html) !== stored.html || current(stored.text) !== stored.text || corrected.html !== message.html || corrected.text !== message.text) {
    app.runInTransaction((txApp) => {
      email.set("html", current(stored.html));
      email.set("text", current(stored.text));
      txApp.save(email);
      const secrets = require(`${__hooks}/lib/email/secrets.js`);
      const secret = secrets.findSecret(txApp, email.id);
      if (secret) {
        secrets.saveSecret(txApp, email.id, { subject: secret.getString("subject"), html: current(secret.getString("html")), text: current(secret.getString("text")) });
      }
    });
  }
  return { message: corrected, ticket };
}

/**
 * A confirmation's files: the calendar as an attachment (with the ticket
 * code), and for a confirmed attendee with a ticket the ticket's QR code as a
 * PNG inside the message (shown in the HTML by its Content-ID, which is its
 * file name); a new-ticket email's: the QR code. `ticket` is the attendee's
 * current one, the code the message's text shows (withCurrentTicket), so a
 * retried email never carries a replaced one. `{attachments, inline}`.
 */
function ticketAttachments(app, email, ticket) {
  const { TEMPLATES: REGISTRATION } = require(`${__hooks}/lib/email/templates.js`);
  const files = {};
  const inline = {};
  if (email.getString("template") === REGISTRATION.confirmation && email.getString("registration")) {
    const { CALENDAR_FILENAME } = require(`${__hooks}/lib/tickets/ics.js`);
    const registration = app.findRecordById("registrations", email.getString("registration"));
    const event = app.findRecordById("events", registration.getString("event"));
    const own = ticket && ticket.eventId === event.id ? ticket : null;
    const calendar = require(`${__hooks}/lib/tickets/calendar.js`).eventCalendar(app, event, own);
    files[CALENDAR_FILENAME] = $filesystem.fileFromBytes(calendar, CALENDAR_FILENAME).reader.open();
  }
  const problems = [];
  if (ticket) {
    const { IMAGE_FILENAME, qrForEmail } = require(`${__hooks}/lib/tickets/qr.js`);
    const qr = qrForEmail(ticket.payload);
    if (qr.png) inline[IMAGE_FILENAME] = $filesystem.fileFromBytes(qr.png.bytes, IMAGE_FILENAME).reader.open();
    else problems.push(qr.problem);
  }
  return { attachments: files, inline, problems };
}

/**
 * For the admin preview: the QR code the outbox row's message shows, as a
 * data: URL by its `cid:` name. The code is the one of the attendee's (current
 * or replaced) that the stored message names, so the picture agrees with the
 * words beside it; none when the message names none of them (an anonymised
 * or deleted attendee).
 * @param {core.Record} email
 */
function previewImages(app, email) {
  if (!carriesTicket(email)) return {};
  const attendee = require(`${__hooks}/lib/tickets/codes.js`).findOne(app, "attendees", "id", email.getString("attendee"));
  if (!attendee) return {};
  const codes = [
    attendee.getString("ticket_code"),
    ...app.findRecordsByFilter("voided_tickets", "attendee = {:attendee}", "-created", 0, 0, { attendee: attendee.id }).map((voided) => voided.getString("code")),
  ].filter((code) => code !== "");
  const html = email.getString("html");
  const { groupedTicketCode } = require(`${__hooks}/lib/tickets/ticket.js`);
  const shown = codes.find((code) => html.includes(code) || html.includes(groupedTicketCode(code)));
  if (!shown) return {};
  const { IMAGE_FILENAME, qrPng } = require(`${__hooks}/lib/tickets/qr.js`);
  const payload = require(`${__hooks}/lib/tickets/ticket.js`).ticketPayload(attendee.getString("event"), shown);
  return { [IMAGE_FILENAME]: qrPng(payload).dataUrl };
}

/** What delivery does with these emails at sending time (lib/email/sending-steps.js). */
const sendingStep = {
  handles: (template) => template === TEMPLATES.newTicket || template === require(`${__hooks}/lib/email/templates.js`).TEMPLATES.confirmation,
  isObsolete,
  prepare(app, email, message) {
    const current = withCurrentTicket(app, email, message);
    const files = ticketAttachments(app, email, current.ticket);
    // A QR code that could not be drawn leaves the message with its ticket code and no broken picture.
    const { IMAGE_FILENAME, withoutQrImage } = require(`${__hooks}/lib/tickets/qr.js`);
    const sent = files.inline[IMAGE_FILENAME] || !current.ticket ? current.message : withoutQrImage(current.message);
    return { message: sent, ...files };
  },
  previewImages,
};

module.exports = { TEMPLATES, newTicketEmail, queueNewTicketEmail, carriesTicket, isObsolete, withCurrentTicket, sendingStep };
