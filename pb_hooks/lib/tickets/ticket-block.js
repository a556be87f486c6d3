/// <reference path="../../../pb_data/types.d.ts" />
// The ticket's part of an email that carries one (lib/tickets/emails.js
// "Your new ticket", lib/attendees/emails.js a colleague's ticket): the QR
// code inside the message (shown by its Content-ID, the PNG attached at
// sending time by lib/tickets/emails.js sendingStep), the paragraph that
// introduces it, and the detail rows that name the attendee and the code.

function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/**
 * `{paragraph, image, details}` for lib/email/layout.js renderMessage.
 * @param {{fullName: string, event: object, code: string, portal: string}} data
 *   event: lib/events/facts.js eventFacts(); portal: the sentence on where else the ticket is shown
 */
function ticketBlock(data) {
  const { IMAGE_FILENAME, DISPLAY_WIDTH, QR_SENTENCE } = require(`${__hooks}/lib/tickets/qr.js`);
  // in groups of four, as the ticket page shows it (the door takes it typed either way)
  const code = require(`${__hooks}/lib/tickets/ticket.js`).groupedTicketCode(data.code);
  return {
    paragraph: `${QR_SENTENCE} ${data.portal}`,
    image: {
      src: `cid:${IMAGE_FILENAME}`,
      alt: `QR code of your ticket, code ${code}`,
      width: DISPLAY_WIDTH,
      caption: "Your ticket: show this QR code at the door.",
    },
    details: [
      ...layout().eventRows(data.event, true),
      ["Attendee", data.fullName],
      ["Ticket code", code],
    ],
  };
}

module.exports = { ticketBlock };
