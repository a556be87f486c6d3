/// <reference path="../../../pb_data/types.d.ts" />
// The ticket's code and the text its QR code carries, the server's twin of
// src/lib/ticket.ts (tests/server/ticket-format.test.ts proves they agree);
// the attendee record hook in Go that gives confirmed rows their codes
// (pocketbase/recordhooks.go) makes them in this same format:
//
//   AICM1:{eventId}:{ticketCode}
//
// `AICM1` names the format (AI Champions Masterclass, version 1), so a door
// scanner can tell our tickets from any other QR code and a later format from
// this one; the event id (15 PocketBase id characters) tells which masterclass
// it admits to; the code is 26 symbols of a 32-symbol alphabet without the
// look-alikes 0/o and 1/l: 130 random bits from PocketBase's cryptographic
// generator, never derived from the record id.

const TICKET_PREFIX = "AICM1";
const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 26;
/** Longer text than any ticket is refused before it is looked at. */
const MAX_PAYLOAD_LENGTH = 200;

const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** A new ticket code: 130 random bits. */
function newTicketCode() {
  return $security.randomStringWithAlphabet(CODE_LENGTH, CODE_ALPHABET);
}

/** Whether text has the form of a ticket code. */
function isTicketCode(code) {
  return typeof code === "string" && CODE_PATTERN.test(code);
}

/** What the QR code carries. */
function ticketPayload(eventId, code) {
  return `${TICKET_PREFIX}:${eventId}:${code}`;
}

/**
 * Reads a scanned text: `{ok: true, eventId, code}`, or `{ok: false, reason}`
 * with reason `empty`, `too_long`, `not_a_ticket` (another QR code) or
 * `malformed` (our prefix, but not a valid event id and code).
 */
function parseTicketPayload(text) {
  const value = typeof text === "string" ? text.trim() : "";
  if (value === "") return { ok: false, reason: "empty" };
  if (value.length > MAX_PAYLOAD_LENGTH) return { ok: false, reason: "too_long" };
  const parts = value.split(":");
  if (parts[0] !== TICKET_PREFIX) return { ok: false, reason: "not_a_ticket" };
  if (parts.length !== 3 || !require(`${__hooks}/lib/core/ids.js`).isRecordId(parts[1]) || !CODE_PATTERN.test(parts[2])) {
    return { ok: false, reason: "malformed" };
  }
  return { ok: true, eventId: parts[1], code: parts[2] };
}

/** The code in groups of four for people to read ('abcd efgh …', as src/lib/ticket.ts groupedTicketCode); the QR code carries it whole. */
function groupedTicketCode(code) {
  const text = String(code == null ? "" : code);
  const groups = [];
  // sliced, not a lookahead pattern: goja has matched a lookahead twice before (lib/events/format.js)
  for (let at = 0; at < text.length; at += 4) groups.push(text.slice(at, at + 4));
  return groups.join(" ");
}

module.exports = {
  TICKET_PREFIX, CODE_ALPHABET, CODE_LENGTH, MAX_PAYLOAD_LENGTH,
  newTicketCode, isTicketCode, ticketPayload, parseTicketPayload, groupedTicketCode,
};
