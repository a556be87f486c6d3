// A ticket never waits for its picture: when the QR code cannot be drawn
// ($ticketQrPng throws), the email goes with its ticket code only, says so in
// words, shows no broken image, and the reason is handed to delivery to log or
// count once (pb_hooks/lib/tickets/qr.js, lib/tickets/emails.js sendingStep).
// The modules are the hooks' own, loaded in Node with the Go binding replaced by
// one that fails as a panic turned error would.
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

interface Message { subject: string; html: string; text: string }
interface Qr {
  IMAGE_FILENAME: string;
  QR_SENTENCE: string;
  qrForEmail: (text: string) => { png?: unknown; problem?: string };
  withoutQrImage: (message: Message) => Message;
}
interface Layout { renderMessage: (template: string, subject: string, content: object) => Message }
interface TicketBlock { ticketBlock: (data: object) => { paragraph: string; image: object; details: Array<[string, string]> } }

const failingQr = () => {
  throw new Error('runtime error: index out of range [70000] with length 65536');
};

function ticketMessage(): Message {
  const layout = loadHookModule<Layout>('email/layout');
  const block = loadHookModule<TicketBlock>('tickets/ticket-block').ticketBlock({
    fullName: '𠮷田 太郎',
    event: { title: 'AI Champions Masterclass', dateLine: 'Wednesday 10 March 2027', timeLine: '9:00 am – 5:00 pm', venue: 'Adelaide' },
    code: 'abcdefghjkmnpqrstuvwxyz234',
    portal: 'The portal shows it too.',
  });
  return layout.renderMessage('new_ticket', 'Your new ticket', {
    preheader: 'Your ticket',
    heading: 'Your new ticket',
    greeting: 'Hi 𠮷田,',
    paragraphs: [block.paragraph],
    image: block.image,
    details: block.details,
  });
}

describe('a ticket email whose QR code cannot be drawn', () => {
  it('gives the reason instead of throwing', () => {
    const qr = loadHookModule<Qr>('tickets/qr', { $ticketQrPng: failingQr });
    const made = qr.qrForEmail('masterclass:event:ABCDEFGHJKLM');
    expect(made.png).toBeUndefined();
    expect(made.problem).toMatch(/QR code could not be drawn.*ticket code only.*index out of range/);
  });

  it('goes without the picture and says to show the code', () => {
    const qr = loadHookModule<Qr>('tickets/qr', { $ticketQrPng: failingQr });
    const message = ticketMessage();
    // the message as made shows the picture by its Content-ID and introduces it
    expect(message.html).toContain(`src="cid:${qr.IMAGE_FILENAME}"`);
    expect(message.text).toContain(qr.QR_SENTENCE);

    const codeOnly = qr.withoutQrImage(message);
    expect(codeOnly.html).not.toContain('cid:');
    expect(codeOnly.html).not.toContain('show this QR code');
    expect(codeOnly.html).not.toContain('QR code in this email');
    expect(codeOnly.text).not.toContain('QR code in this email');
    expect(codeOnly.html).toContain('Show the ticket code below at the door');
    expect(codeOnly.text).toContain('Show the ticket code below at the door');
    // the code (grouped in fours, as the ticket page shows it), the name and everything after the picture stay
    expect(codeOnly.html).toContain('abcd efgh jkmn pqrs tuvw xyz2 34');
    expect(codeOnly.text).toContain('abcd efgh jkmn pqrs tuvw xyz2 34');
    expect(codeOnly.html).toContain('𠮷田 太郎');
    expect(codeOnly.html.length).toBeGreaterThan(message.html.length / 2);
    expect(codeOnly.html.trimEnd().endsWith('</html>')).toBe(true);
  });
});
