/// <reference path="../../../pb_data/types.d.ts" />
// Every masterclass has a page address of its own: `/events/<slug>`. A slug is
// set once, when the event is saved without one (the next-masterclass route,
// the admin's forms, the dashboard): the title and the start date in the
// event's own zone, "ai-champions-masterclass-2027-03-10", with "-2", "-3"…
// when another event has it. An administrator may set another; once set it
// stays, so a link that was shared keeps working when the title or the date
// changes. The shape is the events.slug field's (pb_migrations/1750000700_*).

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX = 100;

/** "AI Champions — Masterclass!" → "ai-champions-masterclass" (accents dropped); "masterclass" when nothing is left. */
function slugify(text) {
  const base = String(text || "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return base || "masterclass";
}

/** "2027-03-10": the start's calendar date in the event's zone, or "" when the start is not a date. */
function startDay(startsAt, timezone) {
  try {
    const { zoneOffset, parseUtc } = require(`${__hooks}/lib/events/format.js`);
    const date = parseUtc(startsAt);
    const local = new Date(date.getTime() + zoneOffset(timezone, date).minutes * 60 * 1000);
    return local.toISOString().slice(0, 10);
  } catch {
    return "";
  }
}

/** The slug an event would get from its title and start, before checking it is free. */
function proposedSlug(title, startsAt, timezone) {
  const day = startDay(startsAt, timezone);
  return day ? `${slugify(title)}-${day}` : slugify(title);
}

/** Whether another event than `exceptId` has `slug`. */
function slugTaken(app, slug, exceptId) {
  const found = app.findRecordsByFilter("events", "slug = {:slug} && id != {:id}", "", 1, 0, { slug, id: exceptId || "" });
  return found.length > 0;
}

/**
 * Gives `record` (an events record about to be saved) a free slug when it has
 * none. Reads only; the save that follows stores it (the unique index
 * idx_events_slug guards two saves at once).
 * @param {core.App} app
 * @param {core.Record} record
 */
function ensureSlug(app, record) {
  // Before the migration that adds the field (older migrations save events too), there is nothing to set.
  if (!record.collection().fields.getByName("slug")) return;
  if (record.getString("slug")) return;
  const base = proposedSlug(record.getString("title"), record.getString("starts_at"), record.getString("timezone"));
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!slugTaken(app, candidate, record.id)) {
      record.set("slug", candidate);
      return;
    }
  }
}

module.exports = { SLUG_PATTERN, SLUG_MAX, slugify, startDay, proposedSlug, ensureSlug };
