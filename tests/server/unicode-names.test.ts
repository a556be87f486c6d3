// Every name works everywhere: the names and companies of the Unicode corpus
// (tests/support/unicode-names.ts: 𠮷 beyond U+FFFF, emoji, a ZWJ family, Zoë
// precomposed and with a combining mark, Arabic, Hebrew) go through a real
// PocketBase and a real SMTP server: registration (free with the promo code,
// the waitlist, paid through the simulated checkout), every email's subject
// and body (a masterclass titled in 4-byte characters; each message read by
// mailparser and by Python's email parser, the subject decoded back exactly
// by both, each RFC 2047 encoded-word whole UTF-8 on its own and every header
// line holding one within 76 characters), the ticket's QR code (read by zbar's zbarimg),
// the calendar file (ical.js and libical), the admin table's search (accents
// and letter case ignored in any script) and the attendees CSV (Python's csv
// module, strict). The tax invoice's PDF is read back in invoices.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { readWithIcalJs, readWithLibicalBatched } from '../support/calendar-readers';
import { batchedReader, CSV_READER, MAIL_READER, readAllWithPython, type PythonMail } from '../support/python-readers';
import { COMBINING_DIAERESIS, LONG_ASTRAL_NAME, UNICODE_EVENT_TITLE, UNICODE_PEOPLE, person } from '../support/unicode-names';
import type { ReceivedMail, TestSmtpServer } from '../support/smtp';
import type { TestUser } from './helpers';
import { attendee, attendeesOf, paidBody, post, promoBody, register, waitlistBody } from './registration-helpers';
import { PROMO_CODE, payloadOf, ticketServerForFile } from './ticket-helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;

ticketServerForFile((ready) => {
  ({ smtp, server, su, event, admin } = ready);
});

const MAIL_WAIT_MS = 90_000;
/** A masterclass title of 4-byte characters, long enough that its subjects need several encoded-words. */
const TITLE = `${UNICODE_EVENT_TITLE} ${'🎉'.repeat(20)}`;

beforeAll(async () => {
  await su.collection('events').update(event.id, { title: TITLE });
});

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

/** The message as Python's email parser (policy default) reads it, read beside the other tests' messages in one Python process. */
const readWithPython = batchedReader<PythonMail>(MAIL_READER);

/** The raw header block's lines as sent (folded), and the Subject's encoded-words. */
function rawHeaders(raw: Buffer): { lines: string[]; subjectWords: string[] } {
  const block = raw.toString('latin1').split('\r\n\r\n')[0];
  const lines = block.split('\r\n');
  const start = lines.findIndex((line) => /^subject:/i.test(line));
  let end = start + 1;
  while (end < lines.length && /^[ \t]/.test(lines[end])) end += 1;
  const subject = lines.slice(start, end).join('\r\n');
  return { lines, subjectWords: subject.match(/=\?[^?]+\?[bBqQ]\?[^?]*\?=/g) ?? [] };
}

/** The bytes one RFC 2047 encoded-word holds. */
function encodedWordBytes(word: string): Buffer {
  const [, , encoding, text] = /^=\?([^?]+)\?([bBqQ])\?([^?]*)\?=$/.exec(word)!;
  if (encoding.toLowerCase() === 'b') return Buffer.from(text, 'base64');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '_') bytes.push(0x20);
    else if (text[index] === '=') {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(text.charCodeAt(index));
  }
  return Buffer.from(bytes);
}

/**
 * A received message checked as mail programs read it: mailparser and Python
 * agree on the subject (and it is `subject`), each encoded-word is whole UTF-8
 * by itself, no header line with an encoded-word passes 76 characters, no
 * line at all 998;
 * answers mailparser's reading.
 */
async function checkMessage(mail: ReceivedMail, subject: string) {
  const [parsed, python] = await Promise.all([simpleParser(mail.raw), readWithPython(mail.raw)]);
  expect(parsed.subject).toBe(subject);
  expect(python.subject).toBe(subject);
  expect(python.defects).toEqual([]);
  const { lines, subjectWords } = rawHeaders(mail.raw);
  expect(subjectWords.length).toBeGreaterThan(1);
  for (const word of subjectWords) {
    // never a character split between two encoded-words: each decodes as UTF-8 alone
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(encodedWordBytes(word)), word).not.toThrow();
  }
  // RFC 2047: a header line holding an encoded-word is at most 76 characters
  for (const line of lines.filter((text) => /=\?[^?]+\?[bBqQ]\?/.test(text))) expect(line.length, line).toBeLessThanOrEqual(76);
  for (const line of mail.raw.toString('latin1').split('\r\n')) expect(line.length).toBeLessThanOrEqual(998);
  return { parsed, python };
}

/** The QR code of a PNG as zbar's zbarimg reads it. */
function zbarRead(png: Buffer): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zbar-'));
  try {
    const file = path.join(folder, 'ticket.png');
    writeFileSync(file, png);
    return execFileSync('zbarimg', ['--raw', '-q', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8').trim();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const theTitle = `the ${TITLE}`;

describe('free registrations with the promo code', () => {
  // side by side: each waits mostly for the email job's next tick (the job sends them one after another, so each may wait for the others' mails)
  it.concurrent.each(UNICODE_PEOPLE.map((entry) => [entry.label, entry] as const))('%s: stored, emailed, ticketed and in the calendar exactly', async (_, entry) => {
    const guest = attendee({ fullName: entry.fullName, company: entry.company, jobTitle: entry.jobTitle });
    const created = await register(server, promoBody(PROMO_CODE, { attendees: [guest] }));
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    expect([row.full_name, row.company, row.job_title]).toEqual([entry.fullName, entry.company, entry.jobTitle]);

    const address = String(guest.email);
    const confirmation = (await smtp.waitFor((mail) => to(address)(mail) && mail.attachments.some((file) => file.filename.endsWith('.ics')), 1, MAIL_WAIT_MS))[0];
    const { parsed, python } = await checkMessage(confirmation, `Your place at ${theTitle} is confirmed`);
    // the body, text and HTML, names the attendee exactly, read by both parsers
    expect(String(parsed.text)).toContain(entry.fullName);
    expect(String(parsed.html)).toContain(entry.fullName);
    expect(python.parts.find((part) => part.type === 'text/plain')?.text).toContain(entry.fullName);
    expect(python.parts.find((part) => part.type === 'text/html')?.text).toContain(entry.fullName);
    expect(String(parsed.text)).toContain(row.ticket_code);

    // the QR code shown in the message holds the ticket, as zbar reads it
    const image = parsed.attachments.find((file) => file.contentType === 'image/png');
    expect(image).toBeDefined();
    expect(zbarRead(image!.content)).toBe(payloadOf(row));

    // the calendar file names the attendee, read back exactly by ical.js and libical
    const calendarFile = parsed.attachments.find((file) => file.filename === 'ai-champions-masterclass.ics')!;
    const body = calendarFile.content.toString('utf8');
    const libical = await readWithLibicalBatched(calendarFile.content);
    expect(libical.restrictionErrors).toEqual([]);
    for (const read of [readWithIcalJs(body), libical]) {
      expect(read.events[0].summary).toBe(TITLE);
      expect(read.events[0].description).toContain(`Ticket for ${entry.fullName}: ${row.ticket_code}`);
    }

    // the invitation greets them by name, its subject as well formed
    const invitation = (await smtp.waitFor((mail) => to(address)(mail) && mail.subject.startsWith('Create your account'), 1, MAIL_WAIT_MS))[0];
    const invited = await checkMessage(invitation, `Create your account for ${theTitle} portal`);
    expect(String(invited.parsed.text)).toContain(entry.fullName);
    expect(invited.python.parts.find((part) => part.type === 'text/plain')?.text).toContain(entry.fullName);
  }, MAIL_WAIT_MS + 30_000);
});

describe('the waitlist and a paid order', () => {
  it('a waitlist entry named beyond U+FFFF gets its email with its name', async () => {
    const guest = attendee({ fullName: LONG_ASTRAL_NAME, company: person('Hebrew').company });
    const created = await register(server, waitlistBody({ attendees: [guest] }));
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    expect(row.full_name).toBe(LONG_ASTRAL_NAME);
    const [mail] = await smtp.waitFor(to(String(guest.email)), 1, MAIL_WAIT_MS);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe((await readWithPython(mail.raw)).subject);
    expect(String(parsed.text)).toContain(LONG_ASTRAL_NAME);
    expect(String(parsed.html)).toContain(LONG_ASTRAL_NAME);
  });

  it('a paid order for 𠮷田 and 🎉 Party goes through the simulated checkout; each gets a confirmation with a readable ticket', async () => {
    const people = [person('beyond U+FFFF'), person('emoji')];
    const body = paidBody(2, { attendees: people.map((entry) => attendee({ fullName: entry.fullName, company: entry.company, jobTitle: entry.jobTitle })) });
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const paid = await post(server, `/api/masterclass/checkout/simulated/${created.body.sessionId}/pay`);
    expect(paid.status).toBe(200);
    const rows = await attendeesOf(su, created.body.registrationId);
    expect(rows.map((row) => row.full_name).sort()).toEqual(people.map((entry) => entry.fullName).sort());
    for (const row of rows) {
      const [mail] = await smtp.waitFor((candidate) => to(row.email)(candidate) && candidate.subject.startsWith('Your place at'), 1, MAIL_WAIT_MS);
      const { parsed } = await checkMessage(mail, `Your place at ${theTitle} is confirmed`);
      for (const entry of people) expect(String(parsed.text)).toContain(entry.fullName);
      expect(zbarRead(parsed.attachments.find((file) => file.contentType === 'image/png')!.content)).toBe(payloadOf(row));
    }
  });
});

describe('the longest title', () => {
  it('200 emoji in the title: every subject line within the limits, decoded back exactly by both parsers', async () => {
    // written on one line before: 2,972 characters for this subject, past RFC 5322's 998
    const title = '🎉'.repeat(200);
    await su.collection('events').update(event.id, { title });
    try {
      const guest = attendee({ fullName: LONG_ASTRAL_NAME });
      expect((await register(server, promoBody(PROMO_CODE, { attendees: [guest] }))).status).toBe(201);
      const address = String(guest.email);
      const [confirmation] = await smtp.waitFor((mail) => to(address)(mail) && mail.subject.startsWith('Your place at'), 1, MAIL_WAIT_MS);
      await checkMessage(confirmation, `Your place at the ${title} is confirmed`);
      // the invitation has no files: it goes through the same writer because its subject needs folding
      const [invitation] = await smtp.waitFor((mail) => to(address)(mail) && mail.subject.startsWith('Create your account'), 1, MAIL_WAIT_MS);
      await checkMessage(invitation, `Create your account for the ${title} portal`);
    } finally {
      await su.collection('events').update(event.id, { title: TITLE });
    }
  });
});

describe('administrators find and export them', () => {
  const adminGet = async (pathAndQuery: string) => {
    const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { Authorization: admin.client.authStore.token } });
    expect(response.status).toBe(200);
    return response;
  };
  const tableNames = async (name: string) =>
    ((await (await adminGet(`/api/masterclass/attendees?${new URLSearchParams({ q: name, perPage: '200' })}`)).json()) as { items: { full_name: string }[] }).items
      .map((item) => item.full_name);

  it("the table's search ignores accents and letter case in any script", async () => {
    // the registrations above: Zoë precomposed and with a combining mark
    const zoes = [person('precomposed accent').fullName, person('combining accent').fullName].sort();
    expect((await tableNames('zoe')).filter((name) => zoes.includes(name)).sort()).toEqual(zoes);
    expect((await tableNames('ZOË')).filter((name) => zoes.includes(name)).sort()).toEqual(zoes);
    expect((await tableNames(`Zoe${COMBINING_DIAERESIS}`)).filter((name) => zoes.includes(name)).sort()).toEqual(zoes);
    expect(await tableNames('الحسيني')).toContain(person('Arabic').fullName);
    expect(await tableNames('כהן')).toContain(person('Hebrew').fullName);
    expect(await tableNames('𠮷田 太')).toContain(person('beyond U+FFFF').fullName);
    expect(await tableNames('👩‍👩‍👧')).toEqual([person('ZWJ family emoji').fullName]);
  });

  it("the CSV holds every name and company exactly, as Python's csv module reads it", async () => {
    const bytes = Buffer.from(await (await adminGet('/api/masterclass/attendees.csv')).arrayBuffer());
    const [rows] = await readAllWithPython<string[][]>(CSV_READER, [bytes]);
    const pairs = rows.slice(1).map((row) => `${row[0]}|${row[2]}|${row[3]}`);
    for (const entry of UNICODE_PEOPLE) expect(pairs).toContain(`${entry.fullName}|${entry.company}|${entry.jobTitle}`);
    expect(rows.slice(1).map((row) => row[0])).toContain(LONG_ASTRAL_NAME);
  });
});
