import { describe, expect, it } from 'vitest';
import { countdownTarget, countdownText, isPortalUnlocked } from './portalLock';

// The seed: the portal unlocks at 09:00 Adelaide on 18 June 2025 (23:30 UTC the day before).
const masterclass = { portal_unlock_at: '2025-06-17 23:30:00.000Z' };
const at = (iso: string) => new Date(iso);

describe('isPortalUnlocked', () => {
  it('is locked before the unlock instant', () => {
    expect(isPortalUnlocked(at('2025-06-10T00:00:00Z'), masterclass)).toBe(false);
    expect(isPortalUnlocked(at('2025-06-17T23:29:59.999Z'), masterclass)).toBe(false);
  });

  it('opens at the unlock instant and stays open afterwards', () => {
    expect(isPortalUnlocked(at('2025-06-17T23:30:00Z'), masterclass)).toBe(true);
    expect(isPortalUnlocked(at('2025-06-18T05:00:00Z'), masterclass)).toBe(true);
    expect(isPortalUnlocked(at('2026-01-01T00:00:00Z'), masterclass)).toBe(true);
  });

  it('accepts ISO dates as well as PocketBase dates', () => {
    expect(isPortalUnlocked(at('2025-06-17T23:30:00Z'), { portal_unlock_at: '2025-06-17T23:30:00.000Z' })).toBe(true);
  });
});

describe('countdownTarget', () => {
  it('is one hour after the unlock: 10:00 Adelaide on 18 June 2025', () => {
    expect(countdownTarget(masterclass).toISOString()).toBe('2025-06-18T00:30:00.000Z');
  });
});

describe('countdownText', () => {
  const start = countdownTarget(masterclass);

  it('shows days and hours while a day or more is left', () => {
    expect(countdownText(at('2025-06-10T00:00:00Z'), start)).toBe('8 days 0 hours until the Masterclass');
    expect(countdownText(at('2025-06-15T21:00:00Z'), start)).toBe('2 days 3 hours until the Masterclass');
    expect(countdownText(at('2025-06-17T00:00:00Z'), start)).toBe('1 day 0 hours until the Masterclass');
    expect(countdownText(at('2025-06-16T23:00:00Z'), start)).toBe('1 day 1 hour until the Masterclass');
  });

  it('shows hours only under a day', () => {
    expect(countdownText(at('2025-06-17T00:30:00.001Z'), start)).toBe('23 hours until the Masterclass');
    expect(countdownText(at('2025-06-17T22:00:00Z'), start)).toBe('2 hours until the Masterclass');
    expect(countdownText(at('2025-06-17T23:30:00Z'), start)).toBe('1 hour until the Masterclass');
  });

  it('shows minutes under an hour, rounding up', () => {
    expect(countdownText(at('2025-06-17T23:30:00.001Z'), start)).toBe('60 minutes until the Masterclass');
    expect(countdownText(at('2025-06-18T00:15:00Z'), start)).toBe('15 minutes until the Masterclass');
    expect(countdownText(at('2025-06-18T00:29:30Z'), start)).toBe('1 minute until the Masterclass');
  });

  it("says 'Event has started' from the start on", () => {
    expect(countdownText(start, start)).toBe('Event has started');
    expect(countdownText(at('2025-06-19T00:00:00Z'), start)).toBe('Event has started');
  });
});
