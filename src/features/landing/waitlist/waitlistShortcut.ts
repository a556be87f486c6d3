// The landing page's waitlist shortcut (spec sections 2, 3, 5): validate, keep
// the details in browser storage for the registration page, then hand over.
import { EMAIL_INVALID } from '@/lib/specTexts';
import { emailField } from '@/lib/sharedRules';
import { z } from 'zod';
import { StorageKeys } from '@/lib/storageKeys';

export const WAITLIST_REDIRECT_MS = 1000;

export const waitlistShortcutSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  email: emailField(EMAIL_INVALID),
  company: z.string().trim().optional(),
});

export type WaitlistShortcutValues = z.input<typeof waitlistShortcutSchema>;

/** What the registration page reads once from `waitlist_data`, then removes. */
export interface WaitlistData {
  isWaitlist: true;
  fullName: string;
  email: string;
  company: string;
}

export function toWaitlistData(values: WaitlistShortcutValues): WaitlistData {
  const valid = waitlistShortcutSchema.parse(values);
  return { isWaitlist: true, fullName: valid.name, email: valid.email, company: valid.company ?? '' };
}

export function saveWaitlistData(data: WaitlistData, storage: Storage = window.localStorage): void {
  storage.setItem(StorageKeys.waitlistData, JSON.stringify(data));
}
