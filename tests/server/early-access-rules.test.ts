// The pure part of "waitlist first" (pb_hooks/lib/waitlist/early-access-rules.js),
// loaded the way the hooks load it: the window's length from
// EARLY_ACCESS_HOURS, the window a run opens, where a moment stands against
// it, and who gets one email (dedupe by address in any case, consent of the
// latest entry, unsubscribed and already-sent addresses left out).
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

interface Row { email: string; full_name: string; marketing_consent: boolean | number; created: string }
interface Rules {
  DEFAULT_HOURS: number;
  windowHours: (raw: unknown) => number;
  openWindow: (now: Date, hours: number, eventStartsAt: string) => { startsAt: Date; endsAt: Date };
  windowState: (startsAt: string, endsAt: string, now: Date) => 'none' | 'open' | 'over';
  recipients: (rows: Row[], exclude: { unsubscribed: string[]; alreadySent: string[] }) => { email: string; fullName: string }[];
}

const rules = loadHookModule<Rules>('waitlist/early-access-rules');
const HOUR = 3600_000;

describe('EARLY_ACCESS_HOURS', () => {
  it('is a whole number of hours from 1 to 720, else 48', () => {
    expect(rules.windowHours(undefined)).toBe(48);
    expect(rules.windowHours('')).toBe(48);
    expect(rules.windowHours(' 24 ')).toBe(24);
    expect(rules.windowHours('1')).toBe(1);
    expect(rules.windowHours('720')).toBe(720);
    for (const bad of ['0', '721', '-5', '1.5', 'two days', '48h']) expect(rules.windowHours(bad)).toBe(48);
  });
});

describe('the priority window', () => {
  const now = new Date('2027-10-01T00:00:00.000Z');

  it('lasts the given hours from the run', () => {
    const window = rules.openWindow(now, 48, '2027-10-13 01:00:00.000Z');
    expect(window.startsAt.toISOString()).toBe('2027-10-01T00:00:00.000Z');
    expect(window.endsAt.toISOString()).toBe('2027-10-03T00:00:00.000Z');
  });

  it('never lasts past the start of the masterclass', () => {
    const window = rules.openWindow(now, 48, '2027-10-02 01:00:00.000Z');
    expect(window.endsAt.toISOString()).toBe('2027-10-02T01:00:00.000Z');
  });

  it('is open from its start (inclusive) to its end (exclusive)', () => {
    const start = '2027-10-01 00:00:00.000Z';
    const end = '2027-10-03 00:00:00.000Z';
    expect(rules.windowState('', '', now)).toBe('none');
    expect(rules.windowState(start, end, new Date(now.getTime() - 1))).toBe('none');
    expect(rules.windowState(start, end, now)).toBe('open');
    expect(rules.windowState(start, end, new Date(now.getTime() + 48 * HOUR - 1))).toBe('open');
    expect(rules.windowState(start, end, new Date(now.getTime() + 48 * HOUR))).toBe('over');
  });
});

describe('who gets early access', () => {
  const row = (email: string, consent: boolean | number, created: string, name = 'Ada'): Row => ({ email, full_name: name, marketing_consent: consent, created });

  it('one per address in any case, named from its latest entry, in address order', () => {
    const got = rules.recipients([
      row('Zed@Example.com', true, '2025-01-01 00:00:00.000Z', 'Zed Old'),
      row('zed@example.com', 1, '2025-06-01 00:00:00.000Z', 'Zed New'),
      row('amy@example.com', true, '2025-03-01 00:00:00.000Z', 'Amy'),
    ], { unsubscribed: [], alreadySent: [] });
    expect(got).toEqual([{ email: 'amy@example.com', fullName: 'Amy' }, { email: 'zed@example.com', fullName: 'Zed New' }]);
  });

  it('only with marketing consent on the latest entry', () => {
    const got = rules.recipients([
      row('no@example.com', false, '2025-01-01 00:00:00.000Z'),
      row('withdrew@example.com', true, '2025-01-01 00:00:00.000Z'),
      row('WITHDREW@example.com', 0, '2025-02-01 00:00:00.000Z'),
      row('gave@example.com', false, '2025-01-01 00:00:00.000Z'),
      row('gave@example.com', true, '2025-02-01 00:00:00.000Z'),
    ], { unsubscribed: [], alreadySent: [] });
    expect(got.map((recipient) => recipient.email)).toEqual(['gave@example.com']);
  });

  it('never an unsubscribed address or one already sent, in any case', () => {
    const got = rules.recipients([
      row('left@example.com', true, '2025-01-01 00:00:00.000Z'),
      row('done@example.com', true, '2025-01-01 00:00:00.000Z'),
      row('new@example.com', true, '2025-01-01 00:00:00.000Z'),
    ], { unsubscribed: ['LEFT@example.com'], alreadySent: ['done@EXAMPLE.com'] });
    expect(got.map((recipient) => recipient.email)).toEqual(['new@example.com']);
  });
});
