// A real SMTP server for a test suite (smtp-server on a free port, no TLS, no
// auth) that keeps every message it accepts, parsed just enough to read:
// subject, recipients, text and html parts, attachments and headers. It can
// be told to refuse messages, as a failing mail provider would.
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/lib/pocketbase-process.mjs';

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** The decoded bytes (images and other binary files). */
  bytes: Buffer;
  /** The Content-ID header, without its angle brackets ('' when none). */
  contentId: string;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  /** The message as it arrived, for a parser of its own (tests/server/email-clients.test.ts). */
  raw: Buffer;
}

export interface TestSmtpServer {
  port: number;
  messages: ReceivedMail[];
  /** Refuse every message with this SMTP reply (e.g. '451 Try again later'), or accept again with null. */
  refuse: (reply: string | null) => void;
  waitFor: (predicate: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=\s*/gi, (_, _charset: string, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
  );
}

function splitPart(raw: Buffer): Part {
  const text = raw.toString('latin1');
  const separator = /\r?\n\r?\n/.exec(text);
  const headerEnd = separator ? separator.index : text.length;
  const bodyStart = separator ? separator.index + separator[0].length : text.length;
  const headers = parseHeaders(text.slice(0, headerEnd));
  const body = text.slice(bodyStart);
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return { headers, body: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
  if (encoding === 'quoted-printable') return { headers, body: decodeQuotedPrintable(body) };
  return { headers, body: Buffer.from(body, 'latin1') };
}

/** The leaf parts of a MIME entity, depth first. */
function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.toString('latin1').split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(splitPart(Buffer.from(section.replace(/^\r?\n/, ''), 'latin1'))));
}

export function parseMail(raw: Buffer, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitPart(raw);
  const mail: ReceivedMail = {
    ...envelope,
    subject: decodeEncodedWords(root.headers.subject ?? ''),
    headers: root.headers,
    text: '',
    html: '',
    attachments: [],
    raw,
  };
  for (const part of leafParts(root)) {
    const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0].trim().toLowerCase();
    const content = part.body.toString('utf8').replace(/\r\n$/, '');
    const filename = parameter(part.headers['content-disposition'], 'filename');
    if (filename || /^attachment/i.test(part.headers['content-disposition'] ?? '')) {
      const contentId = (part.headers['content-id'] ?? '').replace(/^<|>$/g, '');
      mail.attachments.push({ filename: filename ?? '', contentType: type, content, bytes: part.body, contentId });
    } else if (type === 'text/plain' && !mail.text) {
      mail.text = content;
    } else if (type === 'text/html' && !mail.html) {
      mail.html = content;
    }
  }
  return mail;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let refusal: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusal) {
          const [code, ...text] = refusal.split(' ');
          return callback(Object.assign(new Error(text.join(' ')), { responseCode: Number(code) }));
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        messages.push(parseMail(Buffer.concat(chunks), envelope));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    port,
    messages,
    refuse: (reply) => {
      refusal = reply;
    },
    waitFor: async (predicate, count = 1, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`Expected ${count} matching emails, got ${found.length} of ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
