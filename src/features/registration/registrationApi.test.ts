import { describe, expect, it } from 'vitest';
import { eventSummaryOf } from './registrationApi';

// The featured event as the landing page keeps it: the whole record, without seats or checkout mode.
const landingEvent = {
  id: 'evt000000000001', collectionId: 'pbc_events', title: 'AI CHAMPIONS MASTERCLASS', slug: 'ai-champions-masterclass',
  starts_at: '2031-12-10 00:00:00.000Z', ends_at: '2031-12-10 03:00:00.000Z', timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500, currency: 'AUD',
  sales_state: 'open', published: true,
};

describe('eventSummaryOf', () => {
  it("makes the form's summary from the landing page's event, with no seats, limit or checkout mode of its own", () => {
    const summary = eventSummaryOf(landingEvent);
    expect(summary).toEqual({
      id: 'evt000000000001', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-12-10 00:00:00.000Z', ends_at: '2031-12-10 03:00:00.000Z',
      timezone: 'Australia/Adelaide', location: 'Adelaide, South Australia', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500,
      currency: 'AUD', sales_state: 'open',
    });
    expect(summary).not.toHaveProperty('seats_left');
    expect(summary).not.toHaveProperty('checkout_mode');
  });

  it("keeps a stored summary's seats, limit and checkout mode", () => {
    const stored = { ...landingEvent, seats_left: 3, max_per_registration: 5, checkout_mode: 'simulated', early_access: null };
    expect(eventSummaryOf(stored)).toMatchObject({ seats_left: 3, max_per_registration: 5, checkout_mode: 'simulated', early_access: null });
  });

  it('is null for another event than the one named, or for anything that is not a whole event', () => {
    expect(eventSummaryOf(landingEvent, 'evt000000000001')).not.toBeNull();
    expect(eventSummaryOf(landingEvent, 'evt000000000002')).toBeNull();
    expect(eventSummaryOf(undefined)).toBeNull();
    expect(eventSummaryOf({ ...landingEvent, sales_state: undefined })).toBeNull();
    expect(eventSummaryOf({ ...landingEvent, id: 7 })).toBeNull();
  });
});
