/// <reference path="../../../pb_data/types.d.ts" />
// Waitlist offers, the pure part (no PocketBase globals, so tests load it
// directly): the order of a masterclass's waitlist, how long an offer may be
// claimed, and when it expires.

const DEFAULT_CLAIM_HOURS = 24;
const MAX_CLAIM_HOURS = 168;

const normal = (email) => String(email || "").trim().toLowerCase();

/**
 * The waitlist of one masterclass in the order seats are offered: the
 * longest-waiting first (oldest `created`, then id), one place per address in
 * any case (the address's first entry keeps it; later ones are duplicates).
 * Left out, with the reason: an address that already had an offer for this
 * masterclass (open, claimed, declined, expired or skipped: one offer per
 * person), an unsubscribed address, an address that already holds a seat,
 * and an entry whose address is not confirmed yet (`confirmed: false`): it
 * keeps its place by sign-up time and comes back into line, at that place,
 * once confirmed (lib/waitlist/confirmation.js).
 * @param {{id: string, email: string, full_name: string, created: string, confirmed?: boolean}[]} rows waitlisted attendees of the masterclass
 * @param {{offered?: string[], unsubscribed?: string[], seated?: string[]}} exclude addresses, any case
 * @returns {{waiting: {attendeeId: string, email: string, fullName: string, created: string, position: number}[],
 *   left: {attendeeId: string, email: string, fullName: string, created: string, reason: 'offered'|'unsubscribed'|'seated'|'duplicate'|'unconfirmed'}[]}}
 */
function waitlistQueue(rows, exclude) {
  const sets = {
    offered: new Set((exclude.offered || []).map(normal)),
    unsubscribed: new Set((exclude.unsubscribed || []).map(normal)),
    seated: new Set((exclude.seated || []).map(normal)),
  };
  const ordered = rows.slice().sort((a, b) => {
    if (a.created !== b.created) return a.created < b.created ? -1 : 1;
    if (a.id === b.id) return 0;
    return a.id < b.id ? -1 : 1;
  });
  const seen = new Set();
  const waiting = [];
  const left = [];
  for (const row of ordered) {
    const email = normal(row.email);
    const person = { attendeeId: row.id, email, fullName: String(row.full_name || ""), created: row.created };
    let reason = "";
    if (seen.has(email)) reason = "duplicate";
    else if (sets.offered.has(email)) reason = "offered";
    else if (sets.seated.has(email)) reason = "seated";
    else if (sets.unsubscribed.has(email)) reason = "unsubscribed";
    else if (row.confirmed === false) reason = "unconfirmed";
    seen.add(email);
    if (reason) left.push({ ...person, reason });
    else waiting.push({ ...person, position: waiting.length + 1 });
  }
  return { waiting, left };
}

/** A whole number of hours from 1 to 168, or null. */
function hoursOrNull(raw) {
  const text = String(raw == null ? "" : raw).trim();
  if (!/^\d+$/.test(text)) return null;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_CLAIM_HOURS ? hours : null;
}

/**
 * How long an offer may be claimed: the masterclass's own
 * `waitlist_claim_hours` when set (1–168), else WAITLIST_CLAIM_HOURS (1–168),
 * else 24.
 */
function claimHours(eventHours, envHours) {
  return hoursOrNull(eventHours) || hoursOrNull(envHours) || DEFAULT_CLAIM_HOURS;
}

function instant(value) {
  if (value && typeof value.getTime === "function") return value.getTime();
  const text = String(value == null ? "" : value).trim();
  return text ? new Date(text.replace(" ", "T")).getTime() : NaN;
}

/** When an offer made at `now` expires: `hours` later, but never after the masterclass starts. */
function offerExpiry(now, hours, eventStartsAt) {
  const end = now.getTime() + hours * 3600 * 1000;
  const start = instant(eventStartsAt);
  return new Date(!isNaN(start) && start < end ? start : end);
}

module.exports = { DEFAULT_CLAIM_HOURS, MAX_CLAIM_HOURS, waitlistQueue, claimHours, offerExpiry };
