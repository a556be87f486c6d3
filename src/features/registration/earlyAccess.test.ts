import { describe, expect, it } from 'vitest';
import { earlyAccessCopy, windowState } from './earlyAccess';

// 1–3 December 2027 in Adelaide daylight time (ACDT, UTC+10:30)
const window = { starts_at: '2027-12-01 03:30:00.000Z', ends_at: '2027-12-03 03:30:00.000Z' };
const at = (iso: string) => new Date(iso);
const ZONE = 'Australia/Adelaide';

describe('the priority window on /register', () => {
  it('is open from its start (inclusive) to its end (exclusive)', () => {
    expect(windowState(null, at('2027-12-02T00:00:00Z'))).toBe('none');
    expect(windowState(window, at('2027-12-01T03:29:59Z'))).toBe('none');
    expect(windowState(window, at('2027-12-01T03:30:00Z'))).toBe('open');
    expect(windowState(window, at('2027-12-03T03:29:59Z'))).toBe('open');
    expect(windowState(window, at('2027-12-03T03:30:00Z'))).toBe('over');
  });

  it('tells an early-access visitor when the window ends, in the event\'s time zone, and which address to use', () => {
    const copy = earlyAccessCopy(window, ZONE, at('2027-12-02T00:00:00Z'), { email: 'ada@example.com' });
    expect(copy?.title).toBe('Early access');
    expect(copy?.text).toContain('until Friday 3 December 2027, 2:00 pm ACDT');
    expect(copy?.text).toContain('Enter ada@example.com as the first attendee');
    expect(copy?.text).toContain('only once, so add any colleagues to this same registration');
  });

  it('tells everyone else when public sales open, and nothing once they are open', () => {
    expect(earlyAccessCopy(window, ZONE, at('2027-12-02T00:00:00Z'), null)?.text).toBe(
      'Public sales open on Friday 3 December 2027, 2:00 pm ACDT. Until then, only people on our waitlist who received an early-access email can register.',
    );
    expect(earlyAccessCopy(window, ZONE, at('2027-12-04T00:00:00Z'), null)).toBeNull();
    expect(earlyAccessCopy(null, ZONE, at('2027-12-04T00:00:00Z'), null)).toBeNull();
  });

  it('tells an early-access visitor after the window that public sales are open', () => {
    expect(earlyAccessCopy(window, ZONE, at('2027-12-04T00:00:00Z'), { email: 'ada@example.com' })?.title).toBe('Early access has ended');
  });
});
