// The conflict rule: the first scan (by the time the rule orders by, ties by
// id) lets the attendee in, every later one is a conflict, undone ones take no
// part; a device whose clock was off is ordered by receipt.
import { describe, expect, it } from 'vitest';
import { clockSuspect, settleConflicts, type OrderedCheckIn } from './conflictRule';

const row = (id: string, fields: Partial<OrderedCheckIn> = {}): OrderedCheckIn => ({ id, ordered_at: '', scanned_at: '2031-09-01 00:10:00.000Z', undone_at: '', ...fields });

describe('settling one attendee\'s check-ins', () => {
  it('the earliest scan wins and the others are conflicts with it', () => {
    const early = row('bbbbbbbbbbbbbbb', { scanned_at: '2031-09-01 00:09:00.000Z' });
    const late = row('aaaaaaaaaaaaaaa');
    expect(settleConflicts([late, early])).toEqual({ winner: early, conflicts: [late] });
  });

  it('ties go to the smaller id', () => {
    const a = row('aaaaaaaaaaaaaaa');
    const b = row('bbbbbbbbbbbbbbb');
    expect(settleConflicts([b, a]).winner).toBe(a);
  });

  it('the server\'s ordering time counts once it has one (a wrong clock is ordered by receipt)', () => {
    const skewed = row('aaaaaaaaaaaaaaa', { scanned_at: '2031-09-01 00:01:00.000Z', ordered_at: '2031-09-01 00:30:00.000Z' });
    const honest = row('bbbbbbbbbbbbbbb', { scanned_at: '2031-09-01 00:10:00.000Z', ordered_at: '2031-09-01 00:10:00.000Z' });
    expect(settleConflicts([skewed, honest])).toEqual({ winner: honest, conflicts: [skewed] });
  });

  it('an undone check-in takes no part; undoing the winner lets the next one in', () => {
    const first = row('aaaaaaaaaaaaaaa', { scanned_at: '2031-09-01 00:01:00.000Z', undone_at: '2031-09-01 00:02:00.000Z' });
    const second = row('bbbbbbbbbbbbbbb');
    expect(settleConflicts([first, second])).toEqual({ winner: second, conflicts: [] });
    expect(settleConflicts([first])).toEqual({ winner: null, conflicts: [] });
    expect(settleConflicts([])).toEqual({ winner: null, conflicts: [] });
  });

  it('a device clock more than five minutes off the server\'s is suspect', () => {
    expect(clockSuspect(0)).toBe(false);
    expect(clockSuspect(5 * 60_000)).toBe(false);
    expect(clockSuspect(5 * 60_000 + 1)).toBe(true);
    expect(clockSuspect(-3_600_000)).toBe(true);
  });
});
