// Contact form messages (admin read). The only change an administrator can
// make is the `read` mark: the collection's update rule refuses anything else.
import type { RecordModel } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  read: boolean;
  created: string;
}

export interface MessagePage {
  items: ContactMessage[];
  totalItems: number;
  totalPages: number;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function toMessage(record: RecordModel): ContactMessage {
  return {
    id: record.id,
    name: str(record.name),
    email: str(record.email),
    subject: str(record.subject),
    message: str(record.message),
    read: record.read === true,
    created: str(record.created),
  };
}

/** The page the screen opens on: the first, every message. */
export const FIRST_MESSAGES = { page: 1, perPage: 20 } as const;

/** Newest first; `unreadOnly` leaves out the ones already read. */
export async function listMessages(page: number, perPage: number, unreadOnly: boolean): Promise<MessagePage> {
  const result = await pb.collection(Collections.contactMessages).getList(page, perPage, {
    sort: '-created,-id',
    filter: unreadOnly ? 'read = false' : '',
    requestKey: null,
  });
  return { items: result.items.map(toMessage), totalItems: result.totalItems, totalPages: result.totalPages };
}

export async function countUnread(): Promise<number> {
  return (await pb.collection(Collections.contactMessages).getList(1, 1, { filter: 'read = false', fields: 'id', requestKey: null })).totalItems;
}

export async function markRead(id: string, read: boolean): Promise<ContactMessage> {
  return toMessage(await pb.collection(Collections.contactMessages).update(id, { read }, { requestKey: null }));
}
