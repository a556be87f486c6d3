// The door's conflict rule, the app's twin of pb_hooks/lib/checkin/rules.js
// (tests/server/check-in.test.ts proves they agree):
//
// - A check-in is ordered by the time its device scanned it (scanned_at),
//   unless the device's clock was more than five minutes away from the
//   server's when it sent the check-in (clock_suspect): then by the time the
//   server received it, the one time it can vouch for. A check-in the server
//   has not seen yet is ordered by its scan time.
// - Of an attendee's check-ins that are not undone, the first in that order
//   (ties by id) let the attendee in; every later one is a conflict with it,
//   kept and shown on every device, never merged.
// - An undone check-in takes no part: undoing the first lets the next one in.

/** How far a device's clock may be from the server's before its times are not trusted for ordering. */
export const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

export interface OrderedCheckIn {
  id: string;
  /** The time the rule orders by (stored form); '' until the server has it, then the scan time counts. */
  ordered_at: string;
  scanned_at: string;
  undone_at: string;
}

export function clockSuspect(offsetMs: number): boolean {
  return Math.abs(Number(offsetMs) || 0) > CLOCK_TOLERANCE_MS;
}

function instant(value: string): number {
  const parsed = Date.parse(String(value || '').replace(' ', 'T'));
  return Number.isFinite(parsed) ? parsed : Number.POSITIVE_INFINITY;
}

/** The time a check-in is ordered by. */
export function orderTime(row: OrderedCheckIn): number {
  return instant(row.ordered_at || row.scanned_at);
}

export function compareCheckIns(a: OrderedCheckIn, b: OrderedCheckIn): number {
  const ta = orderTime(a);
  const tb = orderTime(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface Settled<T> {
  /** The check-in that let the attendee in; null when none stands. */
  winner: T | null;
  /** Later check-ins of the same attendee that are not undone: conflicts with the winner. */
  conflicts: T[];
}

/** One attendee's check-ins, settled by the rule. */
export function settleConflicts<T extends OrderedCheckIn>(rows: readonly T[]): Settled<T> {
  const active = rows.filter((row) => !row.undone_at).sort(compareCheckIns);
  return { winner: active[0] ?? null, conflicts: active.slice(1) };
}
