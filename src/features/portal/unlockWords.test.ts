import { describe, expect, it } from 'vitest';
import { ONE_HOUR_WORDS, unlockWords } from './unlockWords';

const zone = 'Australia/Adelaide';

describe('unlockWords', () => {
  it("uses the spec's words where the unlock is exactly one hour before the start", () => {
    // 10:00 ACDT on Wednesday 16 December 2026 = 23:30 UTC the day before; the unlock at 9:00.
    expect(unlockWords({ portal_unlock_at: '2026-12-15 22:30:00.000Z', starts_at: '2026-12-15 23:30:00.000Z', timezone: zone })).toEqual(ONE_HOUR_WORDS);
    expect(ONE_HOUR_WORDS.tooltip).toBe('Available one hour before the Masterclass');
  });

  it('names the unlock time in the event zone for any other offset (the seed: 9:00 for an 11:30 start)', () => {
    const words = unlockWords({ portal_unlock_at: '2025-06-17 23:30:00.000Z', starts_at: '2025-06-18 02:00:00.000Z', timezone: zone });
    expect(words).toEqual({
      tooltip: 'Available from 9:00 am on Wednesday 18 June 2025',
      toolNote: 'This tool will be accessible from 9:00 am on Wednesday 18 June 2025 and will remain available afterwards.',
      materialsNote: 'The session materials will be available here from 9:00 am on Wednesday 18 June 2025.',
    });
  });

  it('says the day before when the unlock is the evening before, in daylight time too', () => {
    const words = unlockWords({ portal_unlock_at: '2026-12-15 07:30:00.000Z', starts_at: '2026-12-15 23:30:00.000Z', timezone: zone });
    expect(words.tooltip).toBe('Available from 6:00 pm on Tuesday 15 December 2026');
  });

  it('never says "on the day" when one hour before is the evening before', () => {
    // A 12:30 am start: one hour before is 11:30 pm the day before.
    const words = unlockWords({ portal_unlock_at: '2026-12-15 13:00:00.000Z', starts_at: '2026-12-15 14:00:00.000Z', timezone: zone });
    expect(words.tooltip).toBe(ONE_HOUR_WORDS.tooltip);
    expect(words.toolNote).toBe('This tool will be accessible from 11:30 pm on Tuesday 15 December 2026 and will remain available afterwards.');
  });

  it('claims no time it cannot read', () => {
    expect(unlockWords({ portal_unlock_at: '', starts_at: '2026-12-15 23:30:00.000Z', timezone: zone }).tooltip).toBe('Not available yet');
  });
});
