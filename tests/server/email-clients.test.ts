// The confirmation email as a mail program reads it, checked with parsers
// written apart from ours: the raw message from a real SMTP server is split by
// @zone-eu/mailsplit (the MIME tree) and read by mailparser (parts, Content-IDs,
// inline or attached), and the calendar file is parsed by ical.js (Mozilla's
// iCalendar library). The HTML is shown beside the plain text, with the QR
// code inside a multipart/related part so it is shown in the message rather
// than offered as a file; every web address in the HTML is a link; the
// calendar carries an ORGANIZER, as METHOD:PUBLISH requires (RFC 5546).
// Every action is a button (read by htmlparser2) whose address is written
// under it and in the text part; the ticket code is in groups of four as the
// ticket page shows it; the buyer's confirmation names its tax invoice by the
// attached file's name (none for a free seat), the outbox row lists the files
// it carried, and the HTML passes the W3C checker (tests/support/vnu.ts).
import { describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { Splitter, type SplitterChunk } from '@zone-eu/mailsplit';
import ICAL from 'ical.js';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { loadHookModule } from '../support/hook-module';
import { readQrFromPng } from '../support/qr';
import { readWithIcalJs } from '../support/calendar-readers';
import type { ReceivedMail, TestSmtpServer } from '../support/smtp';
import type { TestUser } from './helpers';
import { errorsOf, validateHtml } from '../support/vnu';
import { attendee, attendeesOf, paidBody, post, promoBody, register } from './registration-helpers';
import { PROMO_CODE, payloadOf, ticketServerForFile } from './ticket-helpers';

let smtp: TestSmtpServer;
let server: TestServer;
let su: PocketBase;
let event: RecordModel;
let admin: TestUser;
let attendeeUser: TestUser;

ticketServerForFile((ready) => {
  ({ smtp, server, su, event, admin, attendeeUser } = ready);
});

const layout = loadHookModule<{ subjectTitle: (title: string) => string; linkedHtml: (text: string) => string }>('email/layout');

interface TreeNode {
  type: string;
  disposition: string;
  contentId: string;
  children: TreeNode[];
}

/** The MIME tree of a raw message, as mailsplit reads it. */
async function mimeTree(raw: Buffer): Promise<TreeNode> {
  const nodes = new Map<unknown, TreeNode>();
  let root: TreeNode | null = null;
  const splitter = new Splitter();
  splitter.on('data', (chunk: SplitterChunk) => {
    if (chunk.type !== 'node') return;
    const node: TreeNode = {
      type: String(chunk.contentType || 'text/plain'),
      disposition: String(chunk.disposition || ''),
      contentId: (chunk.headers ? chunk.headers.getFirst('content-id') : '').trim(),
      children: [],
    };
    nodes.set(chunk, node);
    const parent = chunk.parentNode ? nodes.get(chunk.parentNode) : null;
    if (parent) parent.children.push(node);
    else root = node;
  });
  await new Promise<void>((resolve, reject) => {
    (splitter as unknown as NodeJS.EventEmitter).once('end', resolve).once('error', reject);
    splitter.resume();
    Readable.from([raw]).pipe(splitter);
  });
  if (!root) throw new Error('no MIME root');
  return root;
}

const shape = (node: TreeNode): unknown =>
  node.children.length ? { [node.type]: node.children.map(shape) } : `${node.type}${node.disposition ? ` (${node.disposition})` : ''}`;

/** Web addresses that the HTML shows outside a link: the text left once every <a>…</a> is taken out. */
function addressesOutsideLinks(html: string): string[] {
  const withoutLinks = html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<a\b[^>]*>[\s\S]*?<\/a>/gi, ' ');
  const text = withoutLinks.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&');
  return text.match(/https?:\/\/\S+|www\.\S+/g) ?? [];
}

describe('the confirmation email, as mail programs read it', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());

  it('html and its QR code in multipart/related beside the text, the calendar attached; every address a link; the calendar valid for iTIP', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const address = String((body.attendees[0] as { email: string }).email);
    const [received] = await smtp.waitFor((mail) => to(address)(mail) && mail.attachments.some((file) => file.filename.endsWith('.ics')));
    expect.soft(received.subject).toBe('Your place at the AI Champions Masterclass is confirmed');

    // the structure: text and html are alternatives; the html and its image belong together; the calendar is a file
    expect.soft(shape(await mimeTree(received.raw))).toEqual({
      'multipart/mixed': [
        { 'multipart/alternative': ['text/plain', { 'multipart/related': ['text/html', 'image/png (inline)'] }] },
        'text/calendar (attachment)',
      ],
    });

    const mail = await simpleParser(received.raw, { keepCidLinks: true });
    const image = mail.attachments.find((attachment) => attachment.contentType === 'image/png');
    expect(image).toBeDefined();
    expect.soft(image!.contentDisposition).toBe('inline');
    expect.soft(image!.related).toBe(true);
    expect(image!.cid).toBeTruthy();
    const html = String(mail.html);
    expect(html).toContain(`src="cid:${image!.cid}"`);
    expect(readQrFromPng(image!.content)).toBe(payloadOf(row));
    // 492 px square (33 modules and a quiet zone of 4 each side, 12 pixels a module), one bit a pixel
    expect([image!.content.readUInt32BE(16), image!.content.readUInt32BE(20), image!.content[24]]).toEqual([492, 492, 1]);
    const calendarFile = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
    expect(calendarFile).toMatchObject({ contentDisposition: 'attachment', filename: 'ai-champions-masterclass.ics' });
    expect(calendarFile!.related).toBeFalsy();

    // every web address in the HTML is a link to itself; the text part keeps them plain
    expect.soft(addressesOutsideLinks(html)).toEqual([]);
    const cancelUrl = /https?:\/\/\S+\/cancel\S*/.exec(String(mail.text))?.[0];
    expect(cancelUrl).toBeDefined();
    expect(html).toContain(`href="${cancelUrl!.replace(/&/g, '&amp;')}"`);
    expect(html).toMatch(/<a [^>]*href="https:\/\/masterclass\.example\.com\/dashboard\/ticket"/);
    expect(String(mail.text)).not.toContain('<a ');

    // the calendar file: parsed by ical.js, published with an organizer (the sender)
    const calendar = new ICAL.Component(ICAL.parse(calendarFile!.content.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer).toBeTruthy();
    expect(organizer.getFirstValue()).toBe('mailto:no-reply@aichampions.local');
    expect(organizer.getParameter('cn')).toBe('AI Champions Masterclass');
    for (const name of ['uid', 'dtstamp', 'dtstart', 'dtend', 'summary']) expect(vevent.hasProperty(name)).toBe(true);
    // the start in the masterclass's zone, resolved by the file's own VTIMEZONE
    expect(readWithIcalJs(calendarFile!.content.toString('utf8')).events[0].dtstart?.utc).toBe(new Date(event.starts_at.replace(' ', 'T')).toISOString());
  });
});

describe('the admin preview', () => {
  const images = async (client: PocketBase | null, id: string) => {
    const response = await fetch(`${server.url}/api/masterclass/emails/${id}/images`, { headers: client ? { Authorization: client.authStore.token } : {} });
    return { status: response.status, body: await response.json() };
  };

  it('gives administrators the QR code the outbox row shows, as a data: URL; nobody else', async () => {
    const body = promoBody(PROMO_CODE);
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const [email] = await su.collection('emails').getFullList({ filter: `attendee = "${row.id}" && template = "registration_confirmation"` });
    expect(email.html).toContain('src="cid:masterclass-ticket.png"');
    const answer = await images(admin.client, email.id);
    expect(answer.status).toBe(200);
    const url = String(answer.body.images['masterclass-ticket.png']);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(readQrFromPng(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'))).toBe(payloadOf(row));
    expect((await images(null, email.id)).status).toBe(401);
    expect((await images(attendeeUser.client, email.id)).status).toBe(403);
    expect((await images(admin.client, 'nosuchemail0000')).status).toBe(404);
    // an email without images has none
    const [invitation] = await su.collection('emails').getFullList({ filter: `attendee = "${row.id}" && template = "user_account_invite"` });
    expect(await images(admin.client, invitation.id)).toEqual({ status: 200, body: { images: {} } });
  });
});

describe('the calendar file on its own, and the words around the links', () => {
  it('the public calendar file passes ical.js with its organizer, the sender', async () => {
    const response = await fetch(`${server.url}/api/masterclass/event.ics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('organizer')).toBe('mailto:no-reply@aichampions.local');
  });

  it('a title in capitals reads as a name in a subject; an administrator\'s own capitalisation stays', () => {
    expect(layout.subjectTitle('AI CHAMPIONS MASTERCLASS')).toBe('AI Champions Masterclass');
    expect(layout.subjectTitle('AI CHAMPIONS MASTERCLASS FOR THE SA PUBLIC SECTOR')).toBe('AI Champions Masterclass for the SA Public Sector');
    expect(layout.subjectTitle('AI Leaders Day')).toBe('AI Leaders Day');
  });

  it('a link ends before the punctuation after it, and a hidden token stays inside it', () => {
    expect(layout.linkedHtml('See https://a.example/contact. Or https://a.example/auth?x=1&token=[hidden] (later)')).toBe(
      'See <a href="https://a.example/contact" target="_blank" style="color:#1c2a5e;text-decoration:underline;word-break:break-word;overflow-wrap:anywhere;">https://a.example/contact</a>. '
      + 'Or <a href="https://a.example/auth?x=1&amp;token=[hidden]" target="_blank" style="color:#1c2a5e;text-decoration:underline;word-break:break-word;overflow-wrap:anywhere;">https://a.example/auth?x=1&amp;token=[hidden]</a> (later)',
    );
    // Text without a web address is only escaped, every special character once; a second call starts afresh.
    expect(layout.linkedHtml(`Tom & "Jerry's" <b>http</b> &amp;`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;http&lt;/b&gt; &amp;amp;');
    expect(layout.linkedHtml('Plain words')).toBe('Plain words');
    expect(layout.linkedHtml('At http://b.example]')).toBe('At <a href="http://b.example" target="_blank" style="color:#1c2a5e;text-decoration:underline;word-break:break-word;overflow-wrap:anywhere;">http://b.example</a>]');
  });
});

/** The message's buttons (a link alone in a coloured table cell) and, for each, the address written under it. */
function buttonsOf(html: string): Array<{ label: string; href: string; written: string }> {
  const document = parseDocument(html);
  const cells = DomUtils.findAll((node) => node.name === 'td' && !!node.attribs.bgcolor && DomUtils.getElementsByTagName('a', node).length === 1, document.children);
  return cells.map((cell) => {
    const [link] = DomUtils.getElementsByTagName('a', cell);
    let table = cell.parent;
    while (table && !(DomUtils.isTag(table) && table.name === 'table')) table = table.parent;
    const under = table ? DomUtils.nextElementSibling(table) : null;
    const [copy] = under ? DomUtils.getElementsByTagName('a', under) : [];
    return { label: DomUtils.textContent(link).trim(), href: link.attribs.href, written: copy ? DomUtils.textContent(copy).trim() : '' };
  }).filter((button) => button.label !== '');
}

const grouped = (code: string) => code.match(/.{1,4}/g)!.join(' ');

describe('actions as buttons, the ticket code in fours, and the tax invoice named', () => {
  const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase()) && mail.subject.startsWith('Your place at');

  it('a paid order: each confirmation\'s actions are buttons with their address under them, the code grouped, the buyer told the invoice\'s file name', async () => {
    const people = [attendee({ fullName: '𠮷田 太郎' }), attendee({ fullName: 'Zoë Ångström' }), attendee({ fullName: 'زينب الحسيني' })];
    const created = await register(server, paidBody(3, { attendees: people }));
    expect(created.status).toBe(201);
    const paid = await post(server, `/api/masterclass/checkout/simulated/${encodeURIComponent(created.body.sessionId)}/pay`);
    expect(paid.body.outcome).toBe('fulfilled');
    const rows = await attendeesOf(su, created.body.registrationId);
    const [invoice] = await su.collection('tax_documents').getFullList({ filter: su.filter('registration = {:id} && kind = "invoice"', { id: created.body.registrationId }) });
    const invoiceFile = `tax-invoice-INV-${String(invoice.number).padStart(6, '0')}.pdf`;

    const pages: { name: string; html: string }[] = [];
    for (const [index, person] of people.entries()) {
      const address = String(person.email);
      const [received] = await smtp.waitFor(to(address));
      const mail = await simpleParser(received.raw, { keepCidLinks: true });
      const html = String(mail.html);
      const text = String(mail.text);
      const row = rows.find((candidate) => candidate.email === address.toLowerCase())!;
      pages.push({ name: `confirmation to ${String(person.fullName)}`, html });

      // the greeting names the person in their own script
      expect(text).toContain(`Hi ${String(person.fullName)},`);
      expect(html).toContain(`Hi ${String(person.fullName)},`);

      // every action is a button, its address written under it and in the text part
      const buttons = buttonsOf(html);
      const labels = buttons.map((button) => button.label);
      expect(labels).toEqual(expect.arrayContaining(['Add to Calendar', 'Open Your Ticket', 'Cancel My Registration']));
      expect(labels.includes('View Your Order')).toBe(index === 0); // the order page goes to the buyer only
      for (const button of buttons) {
        expect(button.href).toMatch(/^https:\/\/masterclass\.example\.com\//);
        expect(button.written, `${button.label}'s address under it`).toBe(button.href);
        expect(text, `${button.label}'s address in the text part`).toContain(button.href);
      }
      // and every address in the text part is a button's
      for (const url of text.match(/https?:\/\/[^\s)]+/g) ?? []) expect(buttons.map((button) => button.href)).toContain(url.replace(/[.,]$/, ''));

      // the code as the ticket page shows it, in both parts
      expect(text).toContain(`Ticket code: ${grouped(row.ticket_code)}`);
      expect(html).toContain(grouped(row.ticket_code));

      const pdfs = mail.attachments.filter((file) => file.contentType === 'application/pdf');
      if (index === 0) {
        expect(pdfs.map((file) => file.filename)).toEqual([invoiceFile]);
        expect(text).toContain(`Your tax invoice is attached (${invoiceFile}).`);
        expect(html).toContain(`Your tax invoice is attached (${invoiceFile}).`);
        // the outbox row says so too, and lists every file the message carried
        const [email] = await su.collection('emails').getFullList({ filter: su.filter('attendee = {:id} && template = "registration_confirmation"', { id: row.id }) });
        expect(email.text).toContain(`Your tax invoice is attached (${invoiceFile}).`);
        const sizes = Object.fromEntries(mail.attachments.map((file) => [file.filename, file.size]));
        expect(email.attachments).toEqual(expect.arrayContaining([
          { name: invoiceFile, type: 'application/pdf', size: sizes[invoiceFile], inline: false },
          { name: 'ai-champions-masterclass.ics', type: 'text/calendar', size: sizes['ai-champions-masterclass.ics'], inline: false },
          { name: 'masterclass-ticket.png', type: 'image/png', size: sizes['masterclass-ticket.png'], inline: true },
        ]));
        expect(email.attachments).toHaveLength(3);
      } else {
        expect(pdfs).toEqual([]);
        expect(`${text}${html}`).not.toMatch(/tax invoice/i);
      }
    }
    const reports = await validateHtml(pages);
    for (const report of reports) expect(errorsOf(report), report.name).toEqual([]);
  }, 120_000); // three messages and the HTML checker's Java start, on a machine shared with other runs

  it('a free seat: no word of a tax invoice, and the code still grouped', async () => {
    const body = promoBody(PROMO_CODE, { attendees: [attendee({ fullName: 'Zoë 🎉 Ångström' })] });
    const created = await register(server, body);
    expect(created.status).toBe(201);
    const [row] = await attendeesOf(su, created.body.registrationId);
    const [received] = await smtp.waitFor(to(String(body.attendees[0].email)));
    const mail = await simpleParser(received.raw);
    expect(mail.attachments.filter((file) => file.contentType === 'application/pdf')).toEqual([]);
    expect(`${String(mail.text)}${String(mail.html)}`).not.toMatch(/tax invoice/i);
    expect(String(mail.text)).toContain('Hi Zoë 🎉 Ångström,');
    expect(String(mail.text)).toContain(`Ticket code: ${grouped(row.ticket_code)}`);
    const [email] = await su.collection('emails').getFullList({ filter: su.filter('attendee = {:id} && template = "registration_confirmation"', { id: row.id }) });
    expect(email.attachments.map((file: { name: string }) => file.name).sort()).toEqual(['ai-champions-masterclass.ics', 'masterclass-ticket.png']);
  });
});
