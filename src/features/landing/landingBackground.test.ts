import { describe, expect, it } from 'vitest';
import { sameEvent } from './landingBackground';
import type { MasterclassEvent } from './eventRecord';

const event: MasterclassEvent = {
  id: 'abc', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500, currency: 'AUD', sales_state: 'open', seats_left: 12,
};

describe('whether the server still says what the page says', () => {
  it('is the same masterclass with the same facts', () => {
    expect(sameEvent(event, { ...event })).toBe(true);
  });

  it('differs when a seat sold, the sales state or the venue changed', () => {
    expect(sameEvent(event, { ...event, seats_left: 11 })).toBe(false);
    expect(sameEvent(event, { ...event, sales_state: 'sold_out', seats_left: 0 })).toBe(false);
    expect(sameEvent(event, { ...event, venue: 'Tonsley Innovation District — Zoë’s room' })).toBe(false);
  });
});
