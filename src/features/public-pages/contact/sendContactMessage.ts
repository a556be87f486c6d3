// Stores a contact message for the organisers (DESIGN decision 10): a public
// create on contact_messages, which admins read.
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import type { ContactMessage } from './contactMessageSchema';

export async function sendContactMessage({ name, email, subject, message }: ContactMessage): Promise<void> {
  await pb.collection(Collections.contactMessages).create({ name, email, subject, message });
}
