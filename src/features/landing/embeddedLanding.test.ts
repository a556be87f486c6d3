import { describe, expect, it } from 'vitest';
import { parseEmbeddedLanding } from './embeddedLanding';

const event = {
  id: 'abc', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500, currency: 'AUD', sales_state: 'open', seats_left: 12,
};
const texts = { city: 'Adelaide', start: 'Wednesday 18 June 2031, 11:30 am ACST', date: 'Wednesday 18 June 2031', when: 'x', capacity: '50', price: '$495', seats: '12 seats left', day: '18 June', salesOpen: '' };

describe('the masterclass the server put into the page', () => {
  it('is read with its hero, as live', () => {
    expect(parseEmbeddedLanding(JSON.stringify({ event, hero: { phase: 'on_sale', texts } }))).toEqual({ event, hero: { phase: 'on_sale', texts, live: true } });
  });

  it('reads a scheduled masterclass with when its sales open', () => {
    const scheduled = { ...event, sales_open_at: '2031-02-09 22:30:00.000Z' };
    const words = { ...texts, salesOpen: 'Monday 10 February at 9:00 am' };
    expect(parseEmbeddedLanding(JSON.stringify({ event: scheduled, hero: { phase: 'scheduled', texts: words } }))?.hero).toEqual({ phase: 'scheduled', texts: words, live: true });
  });

  it('is ignored when missing, malformed or not what the server writes', () => {
    expect(parseEmbeddedLanding(null)).toBeNull();
    expect(parseEmbeddedLanding('{')).toBeNull();
    expect(parseEmbeddedLanding(JSON.stringify({ event, hero: { phase: 'soon', texts } }))).toBeNull();
    expect(parseEmbeddedLanding(JSON.stringify({ event: { ...event, seats_left: undefined }, hero: { phase: 'on_sale', texts } }))).toBeNull();
    expect(parseEmbeddedLanding(JSON.stringify({ event, hero: { phase: 'on_sale', texts: { ...texts, seats: 3 } } }))).toBeNull();
  });
});
