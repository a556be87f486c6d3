// What the contact form sends and how each field is checked before it leaves
// the browser. The server checks again (contact_messages collection rules).
import { EMAIL_INVALID } from '@/lib/specTexts';
import { emailField } from '@/lib/sharedRules';
import { z } from 'zod';

// Same maxima as the contact_messages fields, so the server never rejects what the form allowed.
export const CONTACT_LIMITS = { name: 200, subject: 200, message: 5000 } as const;

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address')
    .pipe(emailField(EMAIL_INVALID)),
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject')
    .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter your message')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

export const CONTACT_FIELDS = Object.keys(contactMessageSchema.shape) as ContactField[];

export const emptyContactMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };
