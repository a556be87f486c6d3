/// <reference path="../../../pb_data/types.d.ts" />
// An event's early-access window (`early_access_starts_at` …
// `early_access_ends_at`, opened by the first early-access run,
// lib/waitlist/early-access-send.js): while it is open only the waitlist's
// early-access links register paid and promo seats; public sales open at its
// end. The rules themselves are pure: lib/waitlist/early-access-rules.js.

/** The event's window, or null until early access is sent. @param {core.Record} event */
function eventWindow(event) {
  const startsAt = event.getString("early_access_starts_at");
  const endsAt = event.getString("early_access_ends_at");
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

/** 'none' (no window yet, or not started), 'open' or 'over'. @param {core.Record} event */
function windowState(event, now) {
  const window = eventWindow(event);
  if (!window) return "none";
  return require(`${__hooks}/lib/waitlist/early-access-rules.js`).windowState(window.startsAt, window.endsAt, now || new Date());
}

/** The window's end as emails and refusals say it, in the event's zone ("" without a window). */
function windowEndText(event) {
  const window = eventWindow(event);
  return window ? require(`${__hooks}/lib/events/format.js`).formatInstant(window.endsAt, event.getString("timezone")) : "";
}

/** The window as the public summary and the admin page show it (null until early access is sent). */
function windowAnswer(event) {
  const window = eventWindow(event);
  if (!window) return null;
  return {
    starts_at: window.startsAt,
    ends_at: window.endsAt,
    state: windowState(event),
    ends_text: windowEndText(event),
  };
}

module.exports = { eventWindow, windowState, windowEndText, windowAnswer };
