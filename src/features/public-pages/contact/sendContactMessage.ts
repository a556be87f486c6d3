// Stores a contact message for the organisers (DESIGN decision 10): a public
// create on contact_messages, which admins read.
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import type { ContactMessage } from './contactMessageSchema';

/** `id` is made on the device: a message sent again under it is stored once. */
export async function sendContactMessage({ id, name, email, subject, message }: ContactMessage & { id: string }): Promise<void> {
  await pb.collection(Collections.contactMessages).create({ id, name, email, subject, message }, { requestKey: null });
}
