import { describe, expect, it } from 'vitest';
import type { EventPhase } from '@/lib/eventPhase';
import type { EventPageEvent } from './eventPageApi';
import { eventPageEventOf } from './eventPageApi';
import { eventPageView, SEATS_OFFLINE, type PhaseWords } from './eventPageView';

const event = (overrides: Partial<EventPageEvent> = {}): EventPageEvent => ({
  id: 'march0000000001',
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
  sales_state: 'open',
  seats_left: 12,
  ...overrides,
});

// The words as the landing hands them in: what matters here is which phase and day they are asked for.
const words: PhaseWords = {
  notice: (phase: EventPhase, salesOpen: string) => (phase === 'on_sale' ? null : `notice:${phase}:${salesOpen}`),
  action: (phase: EventPhase, day: string) => `action:${phase}:${day}`,
};

const BEFORE = new Date('2027-01-05T00:00:00Z');

describe('a masterclass page', () => {
  it('says its facts in its own zone and registers for itself while on sale', () => {
    const view = eventPageView(event(), BEFORE, true, words);
    expect(view).toMatchObject({
      phase: 'on_sale',
      date: 'Wednesday 10 March 2027',
      time: '11:30 am – 2:30 pm ACDT',
      venue: 'Lot Fourteen, Adelaide, South Australia',
      price: '$495.00 per person',
      seats: '12 seats left',
      notice: null,
      action: { label: 'action:on_sale:10 March', search: { event: 'ai-champions-masterclass-2027-03-10' } },
    });
    expect(eventPageView(event({ seats_left: 3 }), BEFORE, true, words).seats).toBe('Only 3 seats left');
    expect(eventPageView(event({ seats_left: 1 }), BEFORE, true, words).seats).toBe('Only 1 seat left');
    expect(eventPageView(event({ price_cents: 0 }), BEFORE, true, words).price).toBe('Free');
  });

  it('sold out (or open with no seat left): the waitlist for this date', () => {
    for (const sold of [event({ sales_state: 'sold_out', seats_left: 4 }), event({ seats_left: 0 })]) {
      const view = eventPageView(sold, BEFORE, true, words);
      expect(view.phase).toBe('sold_out');
      expect(view.action).toEqual({ label: 'action:sold_out:10 March', search: { event: 'ai-champions-masterclass-2027-03-10', waitlist: true } });
      expect(view.notice).toBe('notice:sold_out:');
      expect(view.seats).toBe('Sold out');
    }
  });

  it('scheduled: when sales open, and this masterclass’s list to be told', () => {
    const view = eventPageView(event({ sales_open_at: '2027-02-09 22:30:00.000Z' }), BEFORE, true, words);
    expect(view.phase).toBe('scheduled');
    expect(view.notice).toBe('notice:scheduled:Wednesday 10 February at 9:00 am');
    expect(view.action?.search).toEqual({ event: 'ai-champions-masterclass-2027-03-10', waitlist: true });
  });

  it('closed, under way and taken place: the interest list, no seat count', () => {
    const closed = eventPageView(event({ sales_state: 'closed' }), BEFORE, true, words);
    expect([closed.seats, closed.action?.search]).toEqual(['', { waitlist: true }]);
    const during = eventPageView(event(), new Date('2027-03-10T02:00:00Z'), true, words);
    expect([during.phase, during.seats, during.action?.search]).toEqual(['happening', '', { waitlist: true }]);
    expect(eventPageView(event(), new Date('2027-03-11T00:00:00Z'), true, words).phase).toBe('past');
  });

  it('cancelled: says so, counts no seats and offers no Register or waitlist', () => {
    const noWayIn: PhaseWords = { ...words, action: (phase, day) => (phase === 'cancelled' ? null : words.action(phase, day)) };
    const view = eventPageView(event({ sales_state: 'closed', cancelled: true }), BEFORE, true, noWayIn);
    expect(view).toMatchObject({ phase: 'cancelled', notice: 'notice:cancelled:', seats: '', action: null });
    expect(eventPageEventOf({ ...event(), cancelled: true })?.cancelled).toBe(true);
    expect(eventPageEventOf({ ...event(), cancelled: false })?.cancelled).toBeUndefined();
  });

  it('a copy kept on the device never says its seat count as current', () => {
    expect(eventPageView(event(), BEFORE, false, words).seats).toBe(SEATS_OFFLINE);
  });
});

describe('the summary read', () => {
  it('takes the server’s answer and refuses what is not one', () => {
    expect(eventPageEventOf({ ...event(), extra: 1, sales_open_at: '' })).toEqual({ ...event(), sales_open_at: '' });
    expect(eventPageEventOf({ ...event(), slug: undefined })).toBeNull();
    expect(eventPageEventOf({ ...event(), seats_left: undefined })).toBeNull();
    expect(eventPageEventOf(null)).toBeNull();
  });
});
