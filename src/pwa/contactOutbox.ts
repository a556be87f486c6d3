// Contact messages written while offline wait in an outbox on the device (the
// public database) and are sent once the connection is back: when the browser
// comes online, when a page starts, and every minute. Each message carries the
// record id made when it was written, so a message sent again after a lost
// answer is stored once (the server answers a repeat as sent). A message the
// server refuses for its content is dropped and the visitor told; one refused
// for the rate limit waits and tries again.
import { ClientResponseError } from 'pocketbase';
import type { ContactOutboxRow, PublicDb } from '@/db/publicDatabase';
import { OUTBOX_STORE, PUBLIC_DB_NAME } from '@/db/publicDatabaseName';
import { Collections } from '@/lib/collections';
import { pb } from '@/lib/pocketbase';

// Spec section 8: the contact success toast, word for word.
export const MESSAGE_SENT_NOTICE = {
  title: 'Message Sent',
  message: "Thank you for your message. We'll get back to you soon!",
} as const;

/** Told when a message is written offline (and while it waits). */
export const MESSAGE_QUEUED_NOTICE = "You're offline. Your message is saved and will be sent when you're back online.";

/** Dispatched on `window` after the outbox sent or dropped something. */
export const OUTBOX_CHANGED_EVENT = 'contact-outbox-changed';

export type OutgoingContactMessage = Pick<ContactOutboxRow, 'id' | 'name' | 'email' | 'subject' | 'message'>;

export type SendContactMessage = (message: OutgoingContactMessage) => Promise<unknown>;

export interface FlushResult {
  sent: OutgoingContactMessage[];
  refused: { message: OutgoingContactMessage; reason: string }[];
  /** Still in the outbox (no connection, rate limited, server trouble). */
  waiting: number;
}

const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 30 * 60_000;

async function database(): Promise<PublicDb> {
  return (await import('@/db/publicDatabase')).publicDb();
}

/**
 * False when the device's outbox is certainly empty: no public database yet (a first
 * visit), or its outbox store holds nothing. Counted with IndexedDB itself, so a page
 * with nothing to send never loads Dexie to find out (the landing page held as sent,
 * src/app/landingWake.ts). True whenever it cannot tell.
 */
export async function outboxMayHoldMessages(factory: IDBFactory | null = globalThis.indexedDB ?? null, name = PUBLIC_DB_NAME): Promise<boolean> {
  if (!factory || typeof factory.databases !== 'function') return true;
  try {
    if (!(await factory.databases()).some((db) => db.name === name)) return false;
    return await new Promise<boolean>((resolve) => {
      const open = factory.open(name);
      open.onerror = () => resolve(true);
      open.onblocked = () => resolve(true);
      open.onsuccess = () => {
        const db = open.result;
        try {
          const count = db.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE).count();
          count.onsuccess = () => resolve(count.result > 0);
          count.onerror = () => resolve(true);
        } catch {
          resolve(true);
        } finally {
          db.close();
        }
      };
    });
  } catch {
    return true;
  }
}

/** Stores the message with its record id; it is sent, in order, by `flushContactOutbox`. */
export async function queueContactMessage(message: OutgoingContactMessage, db?: PublicDb): Promise<void> {
  const store = db ?? (await database());
  await store.contactOutbox.put({ ...message, createdAt: Date.now(), attempts: 0, nextAttemptAt: 0 });
}

export async function contactOutboxSize(db?: PublicDb): Promise<number> {
  return (db ?? (await database())).contactOutbox.count();
}

export const sendWithRecordId: SendContactMessage = ({ id, name, email, subject, message }) =>
  pb.collection(Collections.contactMessages).create({ id, name, email, subject, message }, { requestKey: null });

/** The server refused this message for what it says (it will never be taken as it is). */
function refusedForContent(error: unknown): string | null {
  if (!(error instanceof ClientResponseError)) return null;
  if (error.status === 400 || error.status === 403 || error.status === 413) {
    return typeof error.response?.message === 'string' && error.response.message ? error.response.message : error.message;
  }
  return null;
}

/** Sends every message that is due, oldest first. */
export async function flushContactOutbox(db: PublicDb, send: SendContactMessage = sendWithRecordId, now = Date.now()): Promise<FlushResult> {
  const result: FlushResult = { sent: [], refused: [], waiting: 0 };
  const rows = await db.contactOutbox.orderBy('createdAt').toArray();
  for (const row of rows) {
    const message: OutgoingContactMessage = { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message };
    if (row.nextAttemptAt > now) {
      result.waiting += 1;
      continue;
    }
    try {
      await send(message);
      await db.contactOutbox.delete(row.id);
      result.sent.push(message);
    } catch (error) {
      const reason = refusedForContent(error);
      if (reason !== null) {
        await db.contactOutbox.delete(row.id);
        result.refused.push({ message, reason });
        continue;
      }
      // No connection: nothing can go now; everything goes as soon as it is back.
      if (!(error instanceof ClientResponseError) || error.status === 0) {
        result.waiting += rows.length - rows.indexOf(row);
        break;
      }
      // Rate limited or server trouble: this one waits a growing while.
      const attempts = row.attempts + 1;
      await db.contactOutbox.update(row.id, { attempts, nextAttemptAt: now + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS) });
      result.waiting += 1;
    }
  }
  return result;
}

const FLUSH_INTERVAL_MS = 60_000;

/**
 * Sends the outbox now and whenever the connection comes back (and every minute),
 * one tab at a time; `report` hears what was sent or refused. Returns the stop function.
 */
export function startContactOutbox(report: (result: FlushResult) => void): () => void {
  let running = false;
  const flush = async () => {
    if (running || !navigator.onLine) return;
    running = true;
    try {
      if (!(await outboxMayHoldMessages())) return;
      const db = await database();
      if ((await db.contactOutbox.count()) === 0) return;
      const run = () => flushContactOutbox(db);
      const result = navigator.locks ? await navigator.locks.request('contact-outbox', run) : await run();
      if (result.sent.length > 0 || result.refused.length > 0) {
        window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT));
        report(result);
      }
    } catch (error) {
      console.warn('Contact outbox not sent yet', error);
    } finally {
      running = false;
    }
  };
  const onOnline = () => void flush();
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onOnline);
  const timer = window.setInterval(onOnline, FLUSH_INTERVAL_MS);
  void flush();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onOnline);
    window.clearInterval(timer);
  };
}
