/// <reference path="../../../pb_data/types.d.ts" />
// The ticket's QR code as a PNG image for the confirmation and new-ticket
// emails: drawn by the server's Go code ($ticketQrPng, pocketbase/ticketqr.go:
// goja took 200–300 ms of CPU for each code), black on white, 12 pixels a
// module with a quiet zone of 4. Every mail program shows a PNG; SVG images
// are not shown by the most used ones.

const IMAGE_FILENAME = "masterclass-ticket.png";
/** The width the email shows it at (a ticket's 33-module code is 492 px: sharp on 2x screens). */
const DISPLAY_WIDTH = 240;

/**
 * The QR code of `text`: the PNG's bytes (a Go byte slice, as files take
 * them), its width (= height) in pixels and a data: URL of it.
 * @returns {{ bytes: any, pixels: number, dataUrl: string }}
 */
function qrPng(text) {
  return $ticketQrPng(text);
}

module.exports = { IMAGE_FILENAME, DISPLAY_WIDTH, qrPng };
