// The contact form as typed, kept in local storage until the message is sent
// or queued, so a reload or the "New version available" Reload loses nothing.
import { clearDraft, isRecord, readDraft, stringFields, writeDraft } from '@/pwa/formDrafts';
import { CONTACT_FIELDS, type ContactMessage } from './contactMessageSchema';

const DRAFT = 'contact';

export function readContactDraft(): ContactMessage | null {
  const stored = readDraft(DRAFT, isRecord);
  return stored ? stringFields(stored, CONTACT_FIELDS) : null;
}

/** Keeps the values; an empty form leaves no draft. */
export function saveContactDraft(values: ContactMessage): void {
  if (CONTACT_FIELDS.every((field) => values[field] === '')) clearDraft(DRAFT);
  else writeDraft(DRAFT, stringFields(values, CONTACT_FIELDS));
}

export function clearContactDraft(): void {
  clearDraft(DRAFT);
}
