import { describe, expect, it } from 'vitest';
import { groupedTicketCode, isTicketCode, parseTicketPayload, ticketPayload, typedTicketCode, TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from './ticket';

const EVENT = 'abc123def456ghi';
const CODE = 'abcdefghijkmnpqrstuvwxyz23';

describe('ticket payload', () => {
  it('is AICM1:{eventId}:{code} and reads back', () => {
    const payload = ticketPayload(EVENT, CODE);
    expect(payload).toBe(`AICM1:${EVENT}:${CODE}`);
    expect(parseTicketPayload(payload)).toEqual({ ok: true, eventId: EVENT, code: CODE });
    // scanners may add a line end
    expect(parseTicketPayload(`  ${payload}\r\n`)).toEqual({ ok: true, eventId: EVENT, code: CODE });
  });

  it('codes are 26 symbols of 32 (130 bits), without look-alikes', () => {
    expect(TICKET_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(TICKET_CODE_ALPHABET).size).toBe(32);
    expect(TICKET_CODE_LENGTH * Math.log2(TICKET_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(128);
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01lo]/);
    expect(isTicketCode(CODE)).toBe(true);
    expect(isTicketCode(CODE.toUpperCase())).toBe(false);
    expect(isTicketCode(`${CODE}a`)).toBe(false);
    expect(isTicketCode(CODE.replace('a', '0'))).toBe(false);
    expect(isTicketCode(undefined)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [null, 'empty'],
    [42, 'empty'],
    ['https://example.com/some/qr', 'not_a_ticket'],
    [`AICM2:${EVENT}:${CODE}`, 'not_a_ticket'],
    [`aicm1:${EVENT}:${CODE}`, 'not_a_ticket'],
    ['AICM1', 'malformed'],
    [`AICM1:${EVENT}`, 'malformed'],
    [`AICM1:${EVENT}:${CODE}:extra`, 'malformed'],
    [`AICM1:${EVENT.slice(1)}:${CODE}`, 'malformed'],
    [`AICM1:${EVENT.toUpperCase()}:${CODE}`, 'malformed'],
    [`AICM1:${EVENT}:${CODE.slice(1)}`, 'malformed'],
    [`AICM1:${EVENT}:${CODE.slice(1)}0`, 'malformed'],
    [`AICM1:${EVENT}:${CODE.slice(1)}'`, 'malformed'],
    [`AICM1:${EVENT}:${'a'.repeat(300)}`, 'too_long'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseTicketPayload(text)).toEqual({ ok: false, reason });
  });

  it('groups the code in fours for reading', () => {
    expect(groupedTicketCode(CODE)).toBe('abcd efgh ijkm npqr stuv wxyz 23');
  });
});

describe('a ticket code typed at the door', () => {
  const code = TICKET_CODE_ALPHABET.repeat(2).slice(0, TICKET_CODE_LENGTH);
  it('is found grouped in fours, in capitals, with dashes or spaces', () => {
    expect(typedTicketCode(code)).toBe(code);
    expect(typedTicketCode(groupedTicketCode(code))).toBe(code);
    expect(typedTicketCode(`  ${groupedTicketCode(code).toUpperCase()} `)).toBe(code);
    expect(typedTicketCode(code.toUpperCase().match(/.{1,4}/g)!.join('-'))).toBe(code);
  });
  it('is null for a name or a code of another length or alphabet', () => {
    expect(typedTicketCode('Zoë 𠮷田')).toBeNull();
    expect(typedTicketCode(code.slice(1))).toBeNull();
    expect(typedTicketCode(`${code.slice(1)}0`)).toBeNull();
  });
});
