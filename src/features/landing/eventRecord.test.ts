import { describe, expect, it } from 'vitest';
import { masterclassEventOf } from './eventRecord';

const summary = {
  id: 'evt000000000001', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-12-10 00:00:00.000Z', ends_at: '2031-12-10 03:00:00.000Z',
  timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500,
  currency: 'AUD', sales_state: 'open', seats_left: 12, max_per_registration: 10, checkout_mode: 'stripe',
};

describe('masterclassEventOf', () => {
  it("takes the landing page's fields, the seats left among them, from the summary /register kept", () => {
    expect(masterclassEventOf(summary)).toEqual({
      id: 'evt000000000001', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-12-10 00:00:00.000Z', ends_at: '2031-12-10 03:00:00.000Z',
      timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500,
      currency: 'AUD', sales_state: 'open', seats_left: 12,
    });
    expect(masterclassEventOf({ ...summary, seats_left: undefined })).not.toHaveProperty('seats_left');
  });

  it('is null for anything that is not a whole event', () => {
    expect(masterclassEventOf(null)).toBeNull();
    expect(masterclassEventOf('event')).toBeNull();
    expect(masterclassEventOf({ ...summary, starts_at: undefined })).toBeNull();
    expect(masterclassEventOf({ ...summary, id: '' })).toBeNull();
  });
});
