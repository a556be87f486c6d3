import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SalesState } from '@/db';
import { eventPhase, isUpcoming, sellsSeats, type EventPhase } from './eventPhase';

// Instants are written as Adelaide wall-clock time with its offset:
// +09:30 (ACST) in winter, +10:30 (ACDT) from 2:00 ACST on the first Sunday
// in October to 3:00 ACDT on the first Sunday in April.
const at = (adelaide: string) => new Date(adelaide);
const pb = (adelaide: string) => at(adelaide).toISOString().replace('T', ' ');
const MS = 1;

const masterclass = (sales_state: SalesState = 'sold_out') => ({
  starts_at: '2025-06-18 02:00:00.000Z', // Wednesday 18 June 2025, 11:30 am ACST
  ends_at: '2025-06-18 05:00:00.000Z', // 2:30 pm ACST
  sales_state,
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the seeded masterclass (ACST, +09:30)', () => {
  it.each<[SalesState, EventPhase]>([
    ['open', 'on_sale'],
    ['sold_out', 'sold_out'],
    ['closed', 'closed'],
  ])('before 11:30 am a %s event is %s', (state, phase) => {
    expect(eventPhase(masterclass(state), at('2025-06-17T09:00:00+09:30'))).toBe(phase);
    expect(eventPhase(masterclass(state), new Date(at('2025-06-18T11:30:00+09:30').getTime() - MS))).toBe(phase);
  });

  it('is happening from 11:30 am exactly until just before 2:30 pm, whatever the sales state', () => {
    for (const state of ['open', 'sold_out', 'closed'] as const) {
      expect(eventPhase(masterclass(state), at('2025-06-18T11:30:00+09:30'))).toBe('happening');
      expect(eventPhase(masterclass(state), at('2025-06-18T13:00:00+09:30'))).toBe('happening');
      expect(eventPhase(masterclass(state), new Date(at('2025-06-18T14:30:00+09:30').getTime() - MS))).toBe('happening');
    }
  });

  it('has taken place from 2:30 pm exactly, and ever after', () => {
    for (const state of ['open', 'sold_out', 'closed'] as const) {
      expect(eventPhase(masterclass(state), at('2025-06-18T14:30:00+09:30'))).toBe('past');
      expect(eventPhase(masterclass(state), at('2026-11-24T10:00:00+10:30'))).toBe('past');
    }
  });

  it.each(['America/New_York', 'Pacific/Honolulu', 'Asia/Kolkata', 'UTC'])('does not depend on the device zone (%s)', (zone) => {
    vi.stubEnv('TZ', zone);
    expect(eventPhase(masterclass(), new Date(at('2025-06-18T11:30:00+09:30').getTime() - MS))).toBe('sold_out');
    expect(eventPhase(masterclass(), at('2025-06-18T11:30:00+09:30'))).toBe('happening');
    expect(eventPhase(masterclass(), at('2025-06-18T14:30:00+09:30'))).toBe('past');
  });
});

describe('in Adelaide daylight time (ACDT, +10:30)', () => {
  const summer = { starts_at: pb('2026-11-18T11:30:00+10:30'), ends_at: pb('2026-11-18T14:30:00+10:30'), sales_state: 'open' as const };

  it('starts at 11:30 am ACDT (01:00 UTC), an hour earlier in UTC than in winter', () => {
    expect(summer.starts_at).toBe('2026-11-18 01:00:00.000Z');
    expect(eventPhase(summer, at('2026-11-18T11:29:59.999+10:30'))).toBe('on_sale');
    expect(eventPhase(summer, at('2026-11-18T11:30:00+10:30'))).toBe('happening');
    expect(eventPhase(summer, at('2026-11-18T14:29:59.999+10:30'))).toBe('happening');
    expect(eventPhase(summer, at('2026-11-18T14:30:00+10:30'))).toBe('past');
  });
});

describe('across a daylight-saving change', () => {
  it('clocks go forward (Sunday 5 October 2025, 2:00 ACST → 3:00 ACDT): 1:30 ACST to 3:30 ACDT lasts one hour', () => {
    const event = { starts_at: pb('2025-10-05T01:30:00+09:30'), ends_at: pb('2025-10-05T03:30:00+10:30'), sales_state: 'sold_out' as const };
    expect(event.ends_at).toBe('2025-10-04 17:00:00.000Z');
    expect(eventPhase(event, at('2025-10-05T01:29:59.999+09:30'))).toBe('sold_out');
    expect(eventPhase(event, at('2025-10-05T01:30:00+09:30'))).toBe('happening');
    // 1:59:59.999 ACST is followed by 3:00:00 ACDT: still under way
    expect(eventPhase(event, at('2025-10-05T01:59:59.999+09:30'))).toBe('happening');
    expect(eventPhase(event, at('2025-10-05T03:00:00+10:30'))).toBe('happening');
    expect(eventPhase(event, at('2025-10-05T03:29:59.999+10:30'))).toBe('happening');
    expect(eventPhase(event, at('2025-10-05T03:30:00+10:30'))).toBe('past');
  });

  it('clocks go back (Sunday 5 April 2026, 3:00 ACDT → 2:00 ACST): 2:30 ACDT to 2:30 ACST is an hour, not nothing', () => {
    const event = { starts_at: pb('2026-04-05T02:30:00+10:30'), ends_at: pb('2026-04-05T02:30:00+09:30'), sales_state: 'open' as const };
    expect(eventPhase(event, at('2026-04-05T02:29:59.999+10:30'))).toBe('on_sale');
    expect(eventPhase(event, at('2026-04-05T02:30:00+10:30'))).toBe('happening');
    // the repeated hour: 2:45 happens twice, first in ACDT, then in ACST
    expect(eventPhase(event, at('2026-04-05T02:45:00+10:30'))).toBe('happening');
    expect(eventPhase(event, at('2026-04-05T02:15:00+09:30'))).toBe('happening');
    expect(eventPhase(event, at('2026-04-05T02:29:59.999+09:30'))).toBe('happening');
    expect(eventPhase(event, at('2026-04-05T02:30:00+09:30'))).toBe('past');
  });
});

describe('bad records', () => {
  it('reads an end before the start as the start: never happening, taken place once it starts', () => {
    const event = { starts_at: '2025-06-18 05:00:00.000Z', ends_at: '2025-06-18 02:00:00.000Z', sales_state: 'open' as const };
    expect(eventPhase(event, at('2025-06-18T11:30:00+09:30'))).toBe('on_sale');
    expect(eventPhase(event, at('2025-06-18T14:29:59.999+09:30'))).toBe('on_sale');
    expect(eventPhase(event, at('2025-06-18T14:30:00+09:30'))).toBe('past');
  });

  it('an end equal to the start or missing behaves the same', () => {
    for (const ends_at of ['2025-06-18 02:00:00.000Z', '']) {
      const event = { ...masterclass('open'), ends_at };
      expect(eventPhase(event, at('2025-06-18T11:29:59.999+09:30'))).toBe('on_sale');
      expect(eventPhase(event, at('2025-06-18T11:30:00+09:30'))).toBe('past');
    }
  });

  it('an unreadable start leaves the sales state to decide', () => {
    expect(eventPhase({ ...masterclass('closed'), starts_at: '' }, at('2030-01-01T00:00:00Z'))).toBe('closed');
  });
});

describe('what a phase allows', () => {
  it('sells seats only while on sale; the spec texts belong to the phases before the start', () => {
    expect((['on_sale', 'sold_out', 'closed', 'happening', 'past'] as const).map(sellsSeats)).toEqual([true, false, false, false, false]);
    expect((['on_sale', 'sold_out', 'closed', 'happening', 'past'] as const).map(isUpcoming)).toEqual([true, true, true, false, false]);
  });
});
