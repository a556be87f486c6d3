/// <reference path="../../../pb_data/types.d.ts" />
// The ticket's QR code as a PNG image for the confirmation and new-ticket
// emails: drawn by the server's Go code ($ticketQrPng, pocketbase/ticketqr.go:
// goja took 200–300 ms of CPU for each code), black on white, 12 pixels a
// module with a quiet zone of 4. Every mail program shows a PNG; SVG images
// are not shown by the most used ones.

const IMAGE_FILENAME = "masterclass-ticket.png";
/** The width the email shows it at (a ticket's 33-module code is 492 px: sharp on 2x screens). */
const DISPLAY_WIDTH = 240;
/** How an email with a ticket introduces its QR code, and what it says when the picture could not be drawn. */
const QR_SENTENCE = "Your ticket is the QR code in this email. Show it at the door on your phone or printed; the ticket code below works too.";
const CODE_ONLY_SENTENCE = "Show the ticket code below at the door, on your phone or printed.";

/**
 * The QR code of `text`: the PNG's bytes (a Go byte slice, as files take
 * them), its width (= height) in pixels and a data: URL of it.
 * @returns {{ bytes: any, pixels: number, dataUrl: string }}
 */
function qrPng(text) {
  return $ticketQrPng(text);
}

/**
 * The email's QR image, or the reason it could not be drawn: a ticket never
 * waits for its picture, since the code is written in the message too.
 * `{png}` or `{problem}` (a sentence for delivery to log or count once).
 */
function qrForEmail(text) {
  try {
    return { png: qrPng(text) };
  } catch (error) {
    const reason = require(`${__hooks}/lib/core/errors.js`).describeError(error);
    return { problem: `The ticket's QR code could not be drawn, so the email went with its ticket code only: ${reason}` };
  }
}

/**
 * The message without its QR image (the whole centred box the layout puts it
 * in, caption included), for an email whose picture could not be drawn: no
 * broken image, and the ticket code stays in its details.
 * @param {{subject: string, html: string, text: string}} message
 */
function withoutQrImage(message) {
  const box = new RegExp(`<table role="presentation"[^>]*>\\s*<tr><td[^>]*>\\s*<img src="cid:${IMAGE_FILENAME.replace(/\./g, "\\.")}"[\\s\\S]*?</table>\\n?`);
  const reworded = (text) => text.split(QR_SENTENCE).join(CODE_ONLY_SENTENCE);
  return { ...message, html: reworded(message.html.replace(box, "")), text: reworded(message.text) };
}

module.exports = { IMAGE_FILENAME, DISPLAY_WIDTH, QR_SENTENCE, qrPng, qrForEmail, withoutQrImage };
