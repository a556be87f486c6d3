/// <reference path="../../../pb_data/types.d.ts" />
// The door's conflict rule, pure (no PocketBase calls), the server's twin of
// src/features/admin/check-in/conflictRule.ts (tests/server/check-in.test.ts
// proves they agree):
//
// - A check-in is ordered by the time its device scanned it (scanned_at),
//   unless the device's clock was more than CLOCK_TOLERANCE_MS away from the
//   server's when it sent the check-in (clock_suspect): then by the time the
//   server received it (received_at), the one time it can vouch for.
// - Of an attendee's check-ins that are not undone, the first in that order
//   (ties by id) let the attendee in; every later one is a conflict with it
//   (another device scanned the same ticket), kept and shown, never merged.
// - An undone check-in takes no part: undoing the first lets the next one in.

/** Five minutes: how far a device's clock may be from the server's before its times are not trusted for ordering. */
const CLOCK_TOLERANCE_MS = 5 * 60 * 1000;

/** Whether a device whose clock was `offsetMs` off the server's is trusted for ordering. */
function clockSuspect(offsetMs) {
  return Math.abs(Number(offsetMs) || 0) > CLOCK_TOLERANCE_MS;
}

/** The time a check-in is ordered by (stored form, 'YYYY-MM-DD HH:MM:SS.sssZ'). */
function orderedAt(scannedAt, receivedAt, suspect) {
  return suspect ? receivedAt : scannedAt;
}

function instant(value) {
  const parsed = Date.parse(String(value || "").replace(" ", "T"));
  return Number.isFinite(parsed) ? parsed : Number.POSITIVE_INFINITY;
}

/** Sorts check-ins as the rule orders them: ordered_at, then id. */
function compareCheckIns(a, b) {
  const byTime = instant(a.ordered_at) - instant(b.ordered_at);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime < 0 ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * One attendee's check-ins ({id, ordered_at, undone_at}) → id → {conflict,
 * conflict_with}: the winner and undone ones have no conflict.
 */
function settleConflicts(rows) {
  const active = rows.filter((row) => !row.undone_at).sort(compareCheckIns);
  const winner = active[0];
  const settled = {};
  for (const row of rows) settled[row.id] = { conflict: false, conflict_with: "" };
  for (const row of active.slice(1)) settled[row.id] = { conflict: true, conflict_with: winner.id };
  return settled;
}

module.exports = { CLOCK_TOLERANCE_MS, clockSuspect, orderedAt, compareCheckIns, settleConflicts };
