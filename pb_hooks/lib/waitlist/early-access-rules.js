/// <reference path="../../../pb_data/types.d.ts" />
// Waitlist first, the pure part (no PocketBase globals, so tests load it
// directly): the priority window's length from EARLY_ACCESS_HOURS, the window
// a run opens, where a moment stands against a window, and who gets one
// early-access email (one per address in any case, marketing consent on the
// address's latest waitlist entry, never an unsubscribed or already-sent
// address).

const DEFAULT_HOURS = 48;
const MAX_HOURS = 24 * 30;

/** EARLY_ACCESS_HOURS as a whole number of hours from 1 to 720; anything else is the default 48. */
function windowHours(raw) {
  const text = String(raw == null ? "" : raw).trim();
  if (!/^\d+$/.test(text)) return DEFAULT_HOURS;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_HOURS ? hours : DEFAULT_HOURS;
}

function instant(value) {
  if (value && typeof value.getTime === "function") return value.getTime();
  const text = String(value == null ? "" : value).trim();
  return text ? new Date(text.replace(" ", "T")).getTime() : NaN;
}

/**
 * The window a run opens at `now`: `hours` long, but never past the event's
 * start (public sales then open no later than the masterclass begins).
 * @returns {{startsAt: Date, endsAt: Date}}
 */
function openWindow(now, hours, eventStartsAt) {
  const start = now.getTime();
  const eventStart = instant(eventStartsAt);
  let end = start + hours * 3600 * 1000;
  if (!isNaN(eventStart) && eventStart < end) end = eventStart;
  return { startsAt: new Date(start), endsAt: new Date(end) };
}

/**
 * Where `now` stands against an event's window: "none" (never opened),
 * "open" (from its start, inclusive, to its end, exclusive) or "over".
 */
function windowState(startsAt, endsAt, now) {
  const start = instant(startsAt);
  const end = instant(endsAt);
  if (isNaN(start) || isNaN(end)) return "none";
  const at = now.getTime();
  if (at < start) return "none";
  return at < end ? "open" : "over";
}

/**
 * Who gets early access, in address order: one per address (any case), the
 * name and consent of the address's latest waitlist entry (a later entry
 * without consent withdraws it), never an unsubscribed address or one
 * already sent early access for this event.
 * @param {{email: string, full_name: string, marketing_consent: boolean|number, created: string}[]} rows
 * @param {{unsubscribed: string[], alreadySent: string[]}} exclude lower-cased addresses
 * @returns {{email: string, fullName: string}[]}
 */
function recipients(rows, exclude) {
  const latest = new Map();
  for (const row of rows) {
    const key = String(row.email || "").trim().toLowerCase();
    if (!key) continue;
    const known = latest.get(key);
    if (!known || String(row.created) > String(known.created)) latest.set(key, row);
  }
  const skip = new Set([...(exclude.unsubscribed || []), ...(exclude.alreadySent || [])].map((email) => String(email).toLowerCase()));
  return [...latest.entries()]
    .filter(([key, row]) => !skip.has(key) && (row.marketing_consent === true || row.marketing_consent === 1))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, row]) => ({ email: key, fullName: String(row.full_name || "").trim() }));
}

module.exports = { DEFAULT_HOURS, MAX_HOURS, windowHours, openWindow, windowState, recipients };
