/// <reference path="../../../pb_data/types.d.ts" />
// The refund the terms give (spec section 9, the Terms page's "Cancellations
// and refunds"): a full refund for cancellations made up to 14 days before the
// event, 50% between 14 and 7 days, none within 7 days. Pure functions (no
// PocketBase globals), loaded by tests as they are.
//
// Where the boundaries fall: "14 days before" is the same wall-clock time in
// the event's time zone 14 calendar days before the start (11:30 am on a
// Wednesday → 11:30 am on the Wednesday two weeks earlier), whatever
// daylight-saving change falls in between; likewise 7 days. A cancellation
// made exactly at a boundary falls in the more generous tier (the terms: "up to
// 14 days before"; "none within 7 days"). From the start on, nothing can be
// cancelled. A boundary whose wall-clock time does not exist that day (the
// hour skipped when daylight saving starts) moves forward by that hour; one
// that happens twice (the hour repeated when it ends) is the earlier.

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** From the earliest cancellation to the latest; the words are the Terms page's. */
const TIERS = [
  { tier: "full", daysBefore: 14, percent: 100, words: "Full refund for cancellations made up to 14 days before the event." },
  { tier: "half", daysBefore: 7, percent: 50, words: "50% refund for cancellations made between 14 and 7 days before the event." },
  { tier: "none", daysBefore: 0, percent: 0, words: "No refund for cancellations made within 7 days of the event." },
];

function format() {
  return require(`${__hooks}/lib/events/format.js`);
}

function offsetMinutes(timezone, ms) {
  return format().zoneOffset(timezone, new Date(ms)).minutes;
}

/**
 * The instant at which the zone's clocks read `localMs` (a wall-clock time
 * written as if it were UTC). Skipped times move forward by the skipped
 * amount; repeated times give the earlier instant.
 * @param {number} localMs
 * @param {string} timezone
 * @returns {Date}
 */
function zonedTimeToUtc(localMs, timezone) {
  // The offsets in force a day either side cover any one change in between.
  const before = offsetMinutes(timezone, localMs - DAY_MS);
  const after = offsetMinutes(timezone, localMs + DAY_MS);
  const candidates = [before, after]
    .map((offset) => localMs - offset * MINUTE_MS)
    .filter((utc) => localMs - offsetMinutes(timezone, utc) * MINUTE_MS === utc);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In the gap: read with the offset before the change, i.e. that much later on the new clock.
  return new Date(localMs - before * MINUTE_MS);
}

/**
 * The same wall-clock time in the zone `days` calendar days before `start`.
 * @param {Date|string} start
 * @param {string} timezone
 * @param {number} days
 * @returns {Date}
 */
function daysBefore(start, timezone, days) {
  const startsAt = format().parseUtc(start);
  const localMs = startsAt.getTime() + offsetMinutes(timezone, startsAt.getTime()) * MINUTE_MS;
  // Wall-clock arithmetic: in "local time written as UTC" a calendar day is 24 hours.
  return zonedTimeToUtc(localMs - days * DAY_MS, timezone);
}

/**
 * The tier the terms give a cancellation made at `now`.
 * @param {Date|string} start the event's start (an instant)
 * @param {string} timezone the event's IANA zone, e.g. Australia/Adelaide
 * @param {Date} now
 * @returns {{tier: 'full'|'half'|'none'|'started', percent: number, words: string, fullUntil: Date, halfUntil: Date, until: Date|null}}
 *   `until`: the last instant this tier applies (null once nothing more changes)
 */
function refundTier(start, timezone, now) {
  const startsAt = format().parseUtc(start);
  const fullUntil = daysBefore(startsAt, timezone, TIERS[0].daysBefore);
  const halfUntil = daysBefore(startsAt, timezone, TIERS[1].daysBefore);
  const at = now.getTime();
  const result = (index, until) => ({ ...TIERS[index], fullUntil, halfUntil, until });
  if (at <= fullUntil.getTime()) return result(0, fullUntil);
  if (at <= halfUntil.getTime()) return result(1, halfUntil);
  if (at < startsAt.getTime()) return result(2, null);
  return { tier: "started", percent: 0, words: "", fullUntil, halfUntil, until: null };
}

/**
 * Each attendee's share of a registration paid once, in cents: the total
 * split evenly, the remainder of the division on the first attendee.
 * @param {number} totalCents
 * @param {number} attendeeCount
 * @returns {number[]}
 */
function attendeeShares(totalCents, attendeeCount) {
  if (!(attendeeCount >= 1) || !(totalCents > 0)) return Array.from({ length: Math.max(0, attendeeCount) }, () => 0);
  const share = Math.floor(totalCents / attendeeCount);
  const shares = Array.from({ length: attendeeCount }, () => share);
  shares[0] += totalCents - share * attendeeCount;
  return shares;
}

/**
 * What the tier gives back of a share, rounded down to the cent, never more
 * than what is left to refund of the registration.
 * @param {number} shareCents
 * @param {number} percent
 * @param {number} refundableCents the registration's payment less what was already refunded
 */
function refundCents(shareCents, percent, refundableCents) {
  const owed = Math.floor((Math.max(0, shareCents) * percent) / 100);
  return Math.max(0, Math.min(owed, refundableCents));
}

module.exports = { TIERS, zonedTimeToUtc, daysBefore, refundTier, attendeeShares, refundCents };
