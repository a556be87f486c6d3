// The text a ticket's QR code carries, the app's twin of pb_hooks/lib/tickets/ticket.js
// (tests/server/tickets.test.ts proves they agree):
//
//   AICM1:{eventId}:{ticketCode}
//
// `AICM1` names the format (AI Champions Masterclass, version 1), so a door
// scanner tells our tickets from any other QR code; the event id says which
// masterclass it admits to; the code is 26 symbols of a 32-symbol alphabet
// without the look-alikes 0/o and 1/l (130 random bits, made by the server).

export const TICKET_PREFIX = 'AICM1';
export const TICKET_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const TICKET_CODE_LENGTH = 26;
/** Longer text than any ticket is refused before it is looked at. */
export const MAX_TICKET_PAYLOAD_LENGTH = 200;

const EVENT_ID_PATTERN = /^[a-z0-9]{15}$/;
const CODE_PATTERN = new RegExp(`^[${TICKET_CODE_ALPHABET}]{${TICKET_CODE_LENGTH}}$`);

export type TicketParseFailure = 'empty' | 'too_long' | 'not_a_ticket' | 'malformed';

export type ParsedTicket =
  | { ok: true; eventId: string; code: string }
  | { ok: false; reason: TicketParseFailure };

/** Whether text has the form of a ticket code. */
export function isTicketCode(code: unknown): code is string {
  return typeof code === 'string' && CODE_PATTERN.test(code);
}

/**
 * A ticket code as someone types it at the door (read off a screen or a printout, grouped in fours,
 * perhaps in capitals): the code, or null when the text is not one.
 */
export function typedTicketCode(typed: string): string | null {
  const compact = typed.trim().replace(/[\s\-–·.]+/g, '').toLowerCase();
  return isTicketCode(compact) ? compact : null;
}

/** What the QR code of a ticket carries. */
export function ticketPayload(eventId: string, code: string): string {
  return `${TICKET_PREFIX}:${eventId}:${code}`;
}

/** Reads a scanned text: the event and code, or why it is not a ticket of ours. */
export function parseTicketPayload(text: unknown): ParsedTicket {
  const value = typeof text === 'string' ? text.trim() : '';
  if (value === '') return { ok: false, reason: 'empty' };
  if (value.length > MAX_TICKET_PAYLOAD_LENGTH) return { ok: false, reason: 'too_long' };
  const [prefix, eventId = '', code = '', ...rest] = value.split(':');
  if (prefix !== TICKET_PREFIX) return { ok: false, reason: 'not_a_ticket' };
  if (rest.length > 0 || !EVENT_ID_PATTERN.test(eventId) || !CODE_PATTERN.test(code)) return { ok: false, reason: 'malformed' };
  return { ok: true, eventId, code };
}

/** The code in groups of four for people to read ('abcd efgh …'); the QR code carries it whole. */
export function groupedTicketCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}
