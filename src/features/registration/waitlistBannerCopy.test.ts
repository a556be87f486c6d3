import { describe, expect, it } from 'vitest';
import { waitlistBannerCopy, waitlistButtonLabel, waitlistFinishCopy, waitlistPageTitle } from './waitlistBannerCopy';

const facts = { eventDate: 'Wednesday 18 June 2031', day: '18 June', salesOpen: 'Tuesday 10 February at 9:00 am' };

describe('waitlistBannerCopy', () => {
  it('for a sold-out date: the waitlist for that date and its promise in plain words', () => {
    expect(waitlistBannerCopy('sold_out', facts)).toEqual({
      title: 'Join the waitlist for 18 June',
      text: 'The Wednesday 18 June 2031 masterclass is fully booked. If a seat frees up, it is offered to you first by email, for a limited time. We only need your name and email.',
    });
    expect(waitlistButtonLabel('sold_out', '18 June')).toBe('Join the waitlist for 18 June');
    expect(waitlistPageTitle('sold_out')).toBe('Join the Waitlist');
  });

  it('scheduled: when sales open, and that we will email', () => {
    expect(waitlistBannerCopy('scheduled', facts).title).toBe('Sales open on Tuesday 10 February at 9:00 am');
    expect(waitlistBannerCopy('scheduled', facts).text).toContain("we'll email you when they open");
    expect(waitlistButtonLabel('scheduled', '18 June')).toBe('Tell Me When Sales Open');
  });

  it('closed is never called sold out; the spec button stays where no date is offered', () => {
    const copy = waitlistBannerCopy('closed', facts);
    expect(copy.title).toBe('Registration Is Closed');
    expect(`${copy.title} ${copy.text}`).not.toMatch(/sold out|fully booked/i);
    for (const phase of ['closed', 'happening', 'past', 'on_sale', null] as const) expect(waitlistButtonLabel(phase, '18 June')).toBe('Register for Future Events');
  });

  it('names no date while the event is unknown (loading, or unreadable offline), so no stale masterclass shows', () => {
    const copy = waitlistBannerCopy(null, { eventDate: '18 June 2025' });
    expect(copy.title).toBe('Register Your Interest');
    expect(copy.text).toBe("Register your interest below and we'll let you know as soon as places open for future events.");
    expect(copy.text).not.toMatch(/2025/);
  });

  it('says a past masterclass took place', () => {
    expect(waitlistBannerCopy('past', '18 June 2025').title).toBe('Event Has Taken Place');
  });
});

describe('waitlistFinishCopy', () => {
  it('says you are on the waitlist for the date and what happens next, never Registration Complete', () => {
    const copy = waitlistFinishCopy('sold_out', facts, 'ada@example.com');
    expect(copy.title).toBe("You're on the waitlist for 18 June");
    expect(copy.text).toMatch(/^What happens next: open the email we've sent to ada@example.com and confirm your address/);
    expect(copy.text).toContain('If a seat frees up, it is offered to you first by email, for a limited time.');
    for (const phase of ['sold_out', 'scheduled', 'closed', 'past', null] as const) {
      expect(waitlistFinishCopy(phase, facts, 'ada@example.com').title).not.toBe('Registration Complete');
    }
    expect(waitlistFinishCopy('scheduled', facts, 'ada@example.com').text).toContain('When sales open on Tuesday 10 February at 9:00 am, we email you');
  });
});
