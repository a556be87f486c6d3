// The email outbox as administrators see it: `emails` (admin read) holds only
// redacted copies of messages that carry a credential; the working copies are
// in `email_secrets`, which no API rule opens to anyone but a superuser, and
// this screen never asks for them. Retry is a server route that re-queues a
// failed email and tries it at once. Images a message shows by `cid:` (the
// ticket's QR code, sent inside the message) are read from the server as
// data: URLs and put in place for the preview only (one the server has no
// picture for shows a grey box saying so, never a broken image). Resend sends
// a delivered email again as a copy (the server decides what may be resent and
// says why not, row by row: resendOptions).
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
  /** The email this one is a copy of ('' when it is not a resend). */
  resent_from: string;
}

/** A file the message carried when it went out (recorded by the server at sending time). */
export interface EmailAttachment {
  name: string;
  /** Its media type ('application/pdf', 'text/calendar', 'image/png', …). */
  type: string;
  /** Its size in bytes. */
  size: number;
  /** Shown inside the message (the ticket's QR code) rather than offered as a file. */
  inline: boolean;
}

export interface OutboxMessage extends OutboxEmail {
  html: string;
  text: string;
  /** The files it carried ([] when none, or not sent yet). */
  attachments: EmailAttachment[];
  /** Who resent it (the administrator's email), '' when unknown or not a resend. */
  resentBy: string;
}

const LIST_FIELDS = 'id,to,subject,template,status,attempts,last_error,next_attempt_at,sent_at,created,resent_from';
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
    resent_from: str(record.resent_from),
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

/** What the preview shows for an image sent inside the message that the server has no picture of now. */
export const MISSING_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><rect width="240" height="240" fill="#f1f3f5" stroke="#adb5bd" stroke-dasharray="6 4"/><text x="120" y="112" font-family="sans-serif" font-size="14" fill="#495057" text-anchor="middle">Image sent inside</text><text x="120" y="134" font-family="sans-serif" font-size="14" fill="#495057" text-anchor="middle">the email: not available</text></svg>',
)}`;

/** The HTML with each `cid:` image shown from its data: URL, or as MISSING_IMAGE when there is none. */
export function withImages(html: string, images: Record<string, string>): string {
  return html.replace(CID_SOURCE, (_whole, attribute: string, quote: string, name: string) => {
    const url = images[name];
    return `${attribute}${quote}${typeof url === 'string' && url.startsWith('data:image/') ? url : MISSING_IMAGE}${quote}`;
  });
}

/** GET /api/masterclass/emails/{id}/images: the message's `cid:` images as data: URLs ({} when it has none). */
async function previewImages(id: string): Promise<Record<string, string>> {
  const answer = await pb.send<{ images?: Record<string, string> }>(`/api/masterclass/emails/${encodeURIComponent(id)}/images`, { requestKey: null });
  return answer.images ?? {};
}

/** The recorded files, each checked for shape (anything else is left out). */
export function attachmentsOf(value: unknown): EmailAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const file = item as Partial<Record<keyof EmailAttachment, unknown>> | null;
    if (!file || typeof file.name !== 'string' || file.name === '') return [];
    return [{ name: file.name, type: str(file.type) || 'application/octet-stream', size: typeof file.size === 'number' ? file.size : 0, inline: file.inline === true }];
  });
}

/** One email with its message; images it shows by `cid:` are in place (a failure to read them leaves the reference). */
export async function readEmail(id: string): Promise<OutboxMessage> {
  const record = await pb.collection(Collections.emails).getOne(id, { requestKey: null, expand: 'resent_by', fields: '*,expand.resent_by.email' });
  const html = str(record.html);
  const images = /\ssrc=["']cid:/i.test(html) ? await previewImages(id).catch(() => ({})) : {};
  const resentBy = str((record.expand as { resent_by?: { email?: unknown } } | undefined)?.resent_by?.email);
  return { ...toEmail(record), html: withImages(html, images), text: str(record.text), resentBy, attachments: attachmentsOf(record.attachments) };
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

export interface ResendOption {
  allowed: boolean;
  /** Why Resend is not offered ('' when it is). */
  reason: string;
}

/** GET /api/masterclass/emails/resend-options: whether each email may be sent again, and why not. */
export async function resendOptions(ids: string[]): Promise<Record<string, ResendOption>> {
  if (ids.length === 0) return {};
  const answer = await pb.send<{ options?: Record<string, ResendOption> }>('/api/masterclass/emails/resend-options', {
    query: { ids: ids.join(',') },
    requestKey: null,
  });
  return answer.options ?? {};
}

export type ResendOutcome = { ok: true; status: EmailStatus; to: string } | { ok: false; message: string };

/** POST /api/masterclass/emails/{id}/resend: the copy's state, or why not. */
export async function resendEmail(id: string): Promise<ResendOutcome> {
  try {
    const answer = await pb.send<{ status: EmailStatus; to: string }>(`/api/masterclass/emails/${encodeURIComponent(id)}/resend`, { method: 'POST' });
    return { ok: true, status: answer.status, to: answer.to };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status > 0) {
      return { ok: false, message: str(error.response?.message) || 'The email could not be sent again.' };
    }
    return { ok: false, message: 'The server could not be reached. Try again when you are online.' };
  }
}
