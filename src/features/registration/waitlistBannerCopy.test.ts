import { describe, expect, it } from 'vitest';
import { waitlistBannerCopy } from './waitlistBannerCopy';

describe('waitlistBannerCopy', () => {
  it("says the spec's sold-out words with the event's date once the event is known", () => {
    expect(waitlistBannerCopy('sold_out', '18 June 2031')).toEqual({
      title: 'Event Sold Out',
      text: "The 18 June 2031 masterclass is fully booked. Register your interest below and we'll let you know as soon as places open for future events.",
    });
  });

  it('names no date while the event is unknown (loading, or unreadable offline), so no stale masterclass shows', () => {
    const copy = waitlistBannerCopy(null, '18 June 2025');
    expect(copy.title).toBe('Register Your Interest');
    expect(copy.text).toBe("Register your interest below and we'll let you know as soon as places open for future events.");
    expect(copy.text).not.toMatch(/2025/);
  });

  it('says a past masterclass took place', () => {
    expect(waitlistBannerCopy('past', '18 June 2025').title).toBe('Event Has Taken Place');
  });
});
