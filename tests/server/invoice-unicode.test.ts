// Names in any script through the tax invoice and the adjustment note, on a
// real PocketBase with a real SMTP server: a paid order (the simulated
// checkout) whose buyer, attendees, company and seller are named in CJK
// beyond the Basic Multilingual Plane (𠮷), emoji, Arabic and Hebrew (right
// to left), letters with combining marks and Zoë. Each PDF downloads, passes
// `qpdf --check` and reads back each name through poppler's pdftotext
// (compared after NFKC, which folds Arabic presentation forms and joins
// combining marks); the seller's long name and the dates of issue stay on
// one line. The checkout answers 200 and the confirmation carries its ticket
// and the invoice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/pocketbase';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createUser, unique, type TestUser } from './helpers';
import { attendee, attendeesOf, get, openSales, post, register } from './registration-helpers';
import { adminCancel } from './cancellation-helpers';

// Long enough that it wrapped ("… Pty / Ltd") before it shrank to fit.
const SELLER_NAME = '🎉 AI Champions Masterclass Events Australia Pty Ltd';
const BUYER = { fullName: '𠮷田 花子', company: '🎉 Party Pty Ltd' };
const OTHERS = [
  { fullName: 'Zoë Ångström' },
  { fullName: 'زينب الحسيني' },
  { fullName: 'שרה כהן' },
  { fullName: 'Rene\u0301e Noe\u0308l' },
  { fullName: '🎉 Party' },
];
const ARABIC = 'زينب الحسيني';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
      SELLER_LEGAL_NAME: SELLER_NAME, SELLER_ABN: '51 824 753 556', SELLER_ADDRESS: '𠮷野家ビル 3階\nLevel 2, 10 King William Street\nAdelaide SA 5000', SELLER_EMAIL: '',
    },
  });
  su = await server.admin();
  await openSales(su, { capacity: 50, price_cents: 49500 });
  admin = await createUser(server, su, 'administrator');
});

afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

/** What a reader compares: NFKC (presentation forms and marks folded), without the bidi controls pdftotext adds, spaces as one. */
function comparable(text: string): string {
  return text.normalize('NFKC').replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '').replace(/[ \t]+/g, ' ');
}

function inTempFile<T>(bytes: Buffer, work: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-unicode-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    return work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf's verdict, and the text pdftotext reads: in reading order, and as laid out (one line a line). */
function readPdf(bytes: Buffer): { qpdf: string; text: string; lines: string[] } {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return inTempFile(bytes, (file) => ({
    qpdf: execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }),
    text: comparable(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })),
    lines: execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\n').map(comparable),
  }));
}

/** A name is read back whole, or (right to left) word by word. */
function expectName(text: string, name: string) {
  const wanted = comparable(name);
  if (/[\u0590-\u08FF]/.test(wanted)) {
    for (const word of wanted.split(' ')) expect(text).toContain(word);
  } else {
    expect(text).toContain(wanted);
  }
}

async function download(pathAndQuery: string) {
  const response = await fetch(`${server.url}${pathAndQuery}`);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

interface Order { registrationId: string; key: string; attendees: RecordModel[]; buyerEmail: string }

async function paidOrder(): Promise<Order> {
  const people = [BUYER, ...OTHERS].map((person) => attendee({ ...person, email: `${unique('unicode-')}@example.com` }));
  const created = await register(server, { mode: 'paid', attendees: people, privacyConsent: true, marketingConsent: false });
  expect(created.status).toBe(201);
  const paid = await post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(created.body.sessionId)}/pay`);
  expect(paid).toMatchObject({ status: 200, body: { outcome: 'fulfilled' } });
  const status = await get(server, `/api/masterclass/checkout/${encodeURIComponent(created.body.sessionId)}`);
  expect(status.status).toBe(200);
  const rows = await attendeesOf(su, created.body.registrationId);
  return {
    registrationId: created.body.registrationId,
    key: status.body.order.key,
    attendees: people.map((person) => rows.find((row) => row.email === String(person.email).toLowerCase())!),
    buyerEmail: String(people[0].email).toLowerCase(),
  };
}

describe('names in any script on tax documents', () => {
  it('a paid order named in CJK beyond U+FFFF, emoji, Arabic, Hebrew and combining marks gets its invoice, emailed and downloaded, every name readable', async () => {
    const order = await paidOrder();

    const [confirmation] = await smtp.waitFor((mail) => mail.to.includes(order.buyerEmail) && mail.subject.startsWith('Your place at'));
    expect(confirmation.attachments.map((file) => file.filename)).toContain('masterclass-ticket.png');
    const emailed = confirmation.attachments.find((file) => file.contentType === 'application/pdf');
    expect(emailed?.filename).toMatch(/^tax-invoice-INV-\d{6}\.pdf$/);

    const answer = await download(`/api/masterclass/orders/${order.registrationId}/invoice.pdf?key=${order.key}`);
    expect(answer).toMatchObject({ status: 200, type: 'application/pdf' });
    for (const bytes of [answer.bytes, emailed!.bytes]) {
      const pdf = readPdf(bytes);
      expect(pdf.qpdf).toMatch(/No syntax or stream encoding errors found/);
      for (const name of [SELLER_NAME, BUYER.fullName, BUYER.company, ...OTHERS.map((other) => other.fullName), '𠮷野家ビル 3階']) expectName(pdf.text, name);
      // the seller's name and the date of issue each on one line
      expect(pdf.lines.some((line) => line.includes(comparable(SELLER_NAME)))).toBe(true);
      expect(pdf.lines.find((line) => line.includes('Date of issue'))).toMatch(/Date of issue \w+day \d{1,2} \w+ \d{4}/);
    }
    // A whole paid order, its email and two PDFs read back by qpdf and pdftotext: on a busy
    // 2-core machine this takes longer than the suite's 30 s, and the test judges what it gets, not how fast.
  }, 120_000);

  it('an adjustment note for the Arabic-named attendee reads back her name, the buyer\'s and the seller\'s, its date on one line', async () => {
    const order = await paidOrder();
    const refunded = order.attendees.find((row) => row.full_name === ARABIC)!;
    const done = await adminCancel(server, refunded.id, { amountCents: 10000, reason: 'Could not attend' }, admin.client.authStore.token);
    expect(done.status).toBe(200);
    const [note] = await su.collection('tax_documents').getFullList({ filter: su.filter('registration = {:id} && kind = "adjustment"', { id: order.registrationId }) });
    expect(note).toBeDefined();
    const number = `AN-${String(note.number).padStart(6, '0')}`;
    const answer = await download(`/api/masterclass/orders/${order.registrationId}/adjustment-notes/${number}?key=${order.key}`);
    expect(answer).toMatchObject({ status: 200, type: 'application/pdf' });
    const pdf = readPdf(answer.bytes);
    expect(pdf.qpdf).toMatch(/No syntax or stream encoding errors found/);
    for (const name of [SELLER_NAME, BUYER.fullName, BUYER.company, ARABIC]) expectName(pdf.text, name);
    expect(pdf.lines.some((line) => line.includes(comparable(SELLER_NAME)))).toBe(true);
    expect(pdf.lines.find((line) => line.includes('Date of issue'))).toMatch(/Date of issue \w+day \d{1,2} \w+ \d{4}/);
  }, 120_000);
});
