import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactMessageSchema, emptyContactMessage } from './contactMessageSchema';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Group booking', message: 'Do you offer group rates?' };

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('contactMessageSchema', () => {
  it('accepts a complete message and trims surrounding spaces', () => {
    expect(contactMessageSchema.parse({ ...valid, name: '  Ada Lovelace ', email: ' ada@example.com ' })).toEqual(valid);
  });

  it('requires all four fields', () => {
    expect(errorsOf(emptyContactMessage)).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
  });

  it('treats whitespace-only answers as empty', () => {
    expect(errorsOf({ ...valid, subject: '   ' })).toEqual({ subject: 'Please enter a subject' });
  });

  it.each(['ada', 'ada@', 'ada@example', 'ada @example.com'])('rejects the email %j', (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('limits the message length', () => {
    expect(errorsOf({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toEqual({
      message: `Message must be at most ${CONTACT_LIMITS.message} characters`,
    });
  });
});
