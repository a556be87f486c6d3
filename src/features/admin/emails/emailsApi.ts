// The email outbox as administrators see it: `emails` (admin read) holds only
// redacted copies of messages that carry a credential; the working copies are
// in `email_secrets`, which no API rule opens to anyone but a superuser, and
// this screen never asks for them. Retry is a server route that re-queues a
// failed email and tries it at once. Images a message shows by `cid:` (the
// ticket's QR code, sent inside the message) are read from the server as
// data: URLs and put in place for the preview only.
import type { RecordModel } from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';

export const EMAIL_STATUSES = ['queued', 'sent', 'captured', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  template: string;
  status: EmailStatus;
  attempts: number;
  last_error: string;
  next_attempt_at: string;
  sent_at: string;
  created: string;
}

export interface OutboxMessage extends OutboxEmail {
  html: string;
  text: string;
}

const LIST_FIELDS = 'id,to,subject,template,status,attempts,last_error,next_attempt_at,sent_at,created';
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function toEmail(record: RecordModel): OutboxEmail {
  const status = str(record.status);
  return {
    id: record.id,
    to: str(record.to),
    subject: str(record.subject),
    template: str(record.template),
    status: (EMAIL_STATUSES as readonly string[]).includes(status) ? (status as EmailStatus) : 'queued',
    attempts: typeof record.attempts === 'number' ? record.attempts : 0,
    last_error: str(record.last_error),
    next_attempt_at: str(record.next_attempt_at),
    sent_at: str(record.sent_at),
    created: str(record.created),
  };
}

export interface EmailPage {
  items: OutboxEmail[];
  totalItems: number;
  totalPages: number;
}

/** Newest first; the message bodies are left out of the list and read when one is opened. */
export async function listEmails(page: number, perPage: number, status: EmailStatus | null): Promise<EmailPage> {
  const result = await pb.collection(Collections.emails).getList(page, perPage, {
    sort: '-created,-id',
    filter: status ? pb.filter('status = {:status}', { status }) : '',
    fields: LIST_FIELDS,
    requestKey: null,
  });
  return { items: result.items.map(toEmail), totalItems: result.totalItems, totalPages: result.totalPages };
}

export async function countFailed(): Promise<number> {
  return (await pb.collection(Collections.emails).getList(1, 1, { filter: 'status = "failed"', fields: 'id', requestKey: null })).totalItems;
}

const CID_SOURCE = /(\ssrc=)(["'])cid:([^"']+)\2/gi;

/** The HTML with each `cid:` image it has a data: URL for shown from that URL. */
export function withImages(html: string, images: Record<string, string>): string {
  return html.replace(CID_SOURCE, (whole, attribute: string, quote: string, name: string) => {
    const url = images[name];
    return typeof url === 'string' && url.startsWith('data:image/') ? `${attribute}${quote}${url}${quote}` : whole;
  });
}

/** GET /api/masterclass/emails/{id}/images: the message's `cid:` images as data: URLs ({} when it has none). */
async function previewImages(id: string): Promise<Record<string, string>> {
  const answer = await pb.send<{ images?: Record<string, string> }>(`/api/masterclass/emails/${encodeURIComponent(id)}/images`, { requestKey: null });
  return answer.images ?? {};
}

/** One email with its message; images it shows by `cid:` are in place (a failure to read them leaves the reference). */
export async function readEmail(id: string): Promise<OutboxMessage> {
  const record = await pb.collection(Collections.emails).getOne(id, { requestKey: null });
  const html = str(record.html);
  const images = /\ssrc=["']cid:/i.test(html) ? await previewImages(id).catch(() => ({})) : {};
  return { ...toEmail(record), html: withImages(html, images), text: str(record.text) };
}

export type RetryOutcome =
  | { ok: true; status: EmailStatus }
  | { ok: false; queued: boolean; message: string };

/** POST /api/masterclass/emails/{id}/retry: sent or captured, or why not. */
export async function retryEmail(id: string): Promise<RetryOutcome> {
  try {
    const answer = await pb.send<{ status: EmailStatus }>(`/api/masterclass/emails/${encodeURIComponent(id)}/retry`, { method: 'POST' });
    return { ok: true, status: answer.status };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status > 0) {
      const detail = (error.response?.data as { email?: { message?: string } } | undefined)?.email?.message;
      const message = error.status === 502 && detail ? `${str(error.response?.message)} (${detail})` : str(error.response?.message);
      return { ok: false, queued: error.status === 502, message: message || 'The email could not be retried.' };
    }
    return { ok: false, queued: false, message: 'The server could not be reached. Try again when you are online.' };
  }
}
