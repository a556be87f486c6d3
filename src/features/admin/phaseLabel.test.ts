// The admin's label of a masterclass's phase: a cancelled one reads Cancelled
// (not the Closed its sales were set to), whatever the clock.
import { describe, expect, it } from 'vitest';
import type { EventRow } from '@/db';
import { phaseLabel } from './MasterclassSelect';

const event: EventRow = {
  id: 'e1', updated: '', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-06-18 02:00:00.000Z', ends_at: '2031-06-18 05:00:00.000Z', timezone: 'Australia/Adelaide',
  location: 'Adelaide', venue: 'Lot Fourteen', capacity: 50, price_cents: 49500, currency: 'AUD', sales_state: 'closed', portal_unlock_at: '',
};

describe('phaseLabel', () => {
  it('says Cancelled for a cancelled masterclass, Closed for one whose sales are only closed', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    expect(phaseLabel({ ...event, cancelled_at: '2030-12-01 00:00:00.000Z' }, 'closed', now)).toEqual({ label: 'Cancelled', color: 'red' });
    expect(phaseLabel({ ...event, cancelled_at: '2030-12-01 00:00:00.000Z' }, 'closed', new Date('2031-07-01T00:00:00Z')).label).toBe('Cancelled');
    expect(phaseLabel(event, 'closed', now).label).toBe('Closed');
  });
});
