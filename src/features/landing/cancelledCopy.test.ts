// The words of a cancelled masterclass: the landing's hero, notice, closing
// text and buttons (its own page uses the same, src/features/event-page) and /register say it has been cancelled and
// offer no way in (no seat, no waitlist), whatever its sales state and the clock.
import { describe, expect, it } from 'vitest';
import { CANCELLED_NOTICE, cancelledExplanation } from '@/lib/cancelledEvent';
import { eventPhase } from '@/lib/eventPhase';
import { masterclassEventOf } from './eventRecord';
import { closingText, detailsEyebrow, heroCopy, phaseNotice, primaryAction } from './phaseCopy';

const facts = {
  city: 'Adelaide',
  start: 'Wednesday 18 June 2025, 11:30 am ACST',
  date: 'Wednesday 18 June 2025',
  when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
  capacity: 50,
};

const event = {
  id: 'e1',
  slug: 'ai-champions-masterclass-2027-03-10',
  title: 'AI CHAMPIONS MASTERCLASS',
  starts_at: '2027-03-10 01:00:00.000Z',
  ends_at: '2027-03-10 04:00:00.000Z',
  timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia',
  venue: 'Lot Fourteen',
  capacity: 50,
  price_cents: 49500,
  currency: 'AUD',
  sales_state: 'closed' as const,
  seats_left: 50,
  cancelled: true,
};

describe('a cancelled masterclass', () => {
  it('is cancelled before, during and after its dates', () => {
    for (const now of ['2027-01-05T00:00:00Z', '2027-03-10T02:00:00Z', '2027-04-01T00:00:00Z']) expect(eventPhase(event, new Date(now))).toBe('cancelled');
  });

  it('the landing says so, with no button', () => {
    expect(phaseNotice('cancelled')).toBe('This masterclass has been cancelled');
    expect(CANCELLED_NOTICE).toBe('This masterclass has been cancelled');
    expect(heroCopy('cancelled', facts).welcome).toBe('The AI Champions Masterclass planned in Adelaide on Wednesday 18 June 2025 has been cancelled.');
    expect(heroCopy('cancelled', facts).invite).toContain('refunded in full');
    expect(closingText('cancelled', facts)).toBe('The masterclass planned for Wednesday 18 June 2025 has been cancelled, and every seat bought for it refunded in full.');
    expect(detailsEyebrow('cancelled')).toBe('Cancelled');
    expect(primaryAction('cancelled', '18 June')).toBeNull();
  });

  it('the landing keeps that it is cancelled from the summary', () => {
    expect(masterclassEventOf(event)?.cancelled).toBe(true);
    expect(masterclassEventOf({ ...event, cancelled: false })?.cancelled).toBeUndefined();
  });

  it('/register explains it takes no registration and has no waitlist', () => {
    expect(cancelledExplanation('Wednesday 18 June 2025')).toBe(
      'The Wednesday 18 June 2025 masterclass has been cancelled, so it takes no registrations and has no waitlist. Every seat bought for it has been refunded in full, and everyone who held a seat or waited for one has been told by email.',
    );
  });
});
