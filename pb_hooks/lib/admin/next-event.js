/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/admin/events/next — "Create the next masterclass"
// (administrators only; a guest gets 401, an attendee 403). Body:
//   {starts_at, ends_at, source?}  dates as ISO 8601 instants (UTC);
//   source: the id of the event to copy (default: the featured event, else
//   the latest event of all).
// The new event copies the source's facts (title, time zone, location,
// venue), price and currency, capacity, max per registration and the portal
// unlock offset (the unlock as far before or after the start as the
// source's), takes the new dates, and is saved as an unpublished draft with
// sales open: nobody sees it or registers for it until an administrator
// publishes it. Saved, it gets its own page address (`slug`, from the title
// and the new start date; lib/events/slug.js), answered with the rest. The source's speakers and session materials are copied with
// their files (pb_hooks/lib/events/copy.js); a source with none copies the same way.
// Refused with a clear message, writing nothing: an end not after the start,
// a start not in the future, a date that is not a date, an unknown source.

const MESSAGES = {
  forbidden: "Only administrators can create an event.",
  signIn: "Please sign in as an administrator to create an event.",
  dateRequired: (label) => `The ${label} date and time are required.`,
  dateInvalid: (label) => `The ${label} must be a date and time.`,
  endBeforeStart: "The end must be after the start.",
  startPast: "The start must be in the future.",
  sourceUnknown: "The event to copy does not exist.",
  noSource: "There is no event to copy yet.",
  unknownField: (key) => `Unknown field: ${key}.`,
};

const KEYS = ["starts_at", "ends_at", "source"];

/** A Date from an ISO 8601 instant (or PocketBase's stored form), or null. */
function parseInstant(value) {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return null;
  const date = new Date(value.trim().replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The event to copy: the one named, else the featured one, else the latest of all. */
function sourceEvent(app, id) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (id !== undefined && id !== null && id !== "") {
    try {
      if (typeof id === "string") return app.findRecordById("events", id);
    } catch {
      // refused below
    }
    throw refusal(404, "source", "not_found", MESSAGES.sourceUnknown);
  }
  const featured = require(`${__hooks}/lib/events/summary.js`).findEvent(app);
  if (featured) return featured;
  const latest = app.findRecordsByFilter("events", "id != ''", "-starts_at", 1, 0);
  if (latest.length > 0) return latest[0];
  throw refusal(404, "source", "not_found", MESSAGES.noSource);
}

/**
 * The draft's fields, or a request error thrown. Reads only.
 * @param {core.App} app
 * @param {Record<string, unknown>} body
 * @param {Date} now
 */
function draftFields(app, body, now) {
  const { invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  const { dbDate } = require(`${__hooks}/lib/core/db-date.js`);
  const errors = {};
  for (const key of Object.keys(body)) {
    if (!KEYS.includes(key)) errors[key] = { code: "unknown_field", message: MESSAGES.unknownField(key) };
  }
  const dates = {};
  for (const [key, label] of [["starts_at", "start"], ["ends_at", "end"]]) {
    if (body[key] === undefined || body[key] === null || body[key] === "") {
      errors[key] = { code: "required", message: MESSAGES.dateRequired(label) };
      continue;
    }
    const date = parseInstant(body[key]);
    if (!date) errors[key] = { code: "invalid", message: MESSAGES.dateInvalid(label) };
    else dates[key] = date;
  }
  if (dates.starts_at && dates.ends_at && dates.ends_at.getTime() <= dates.starts_at.getTime()) {
    errors.ends_at = { code: "end_before_start", message: MESSAGES.endBeforeStart };
  }
  if (dates.starts_at && dates.starts_at.getTime() <= now.getTime()) {
    errors.starts_at = { code: "start_past", message: MESSAGES.startPast };
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const source = sourceEvent(app, body.source);
  const sourceStart = new Date(source.getString("starts_at").replace(" ", "T"));
  const sourceUnlock = new Date(source.getString("portal_unlock_at").replace(" ", "T"));
  const offset = Number.isNaN(sourceUnlock.getTime()) || Number.isNaN(sourceStart.getTime()) ? 0 : sourceUnlock.getTime() - sourceStart.getTime();
  return {
    source,
    fields: {
      title: source.getString("title"),
      starts_at: dbDate(dates.starts_at),
      ends_at: dbDate(dates.ends_at),
      timezone: source.getString("timezone"),
      location: source.getString("location"),
      venue: source.getString("venue"),
      capacity: source.getInt("capacity"),
      max_per_registration: source.getInt("max_per_registration") || require(`${__hooks}/lib/core/constants.js`).MAX_ATTENDEES,
      price_cents: source.getInt("price_cents"),
      currency: source.getString("currency"),
      sales_state: "open",
      portal_unlock_at: dbDate(new Date(dates.starts_at.getTime() + offset)),
      published: false,
    },
  };
}

/** POST /api/masterclass/admin/events/next @param {core.RequestEvent} e */
function handleCreateNextEvent(e) {
  const { answerRefusals, readJsonObject } = require(`${__hooks}/lib/core/errors.js`);
  const { MAX_BODY_BYTES } = require(`${__hooks}/lib/core/constants.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const { source, fields } = draftFields(e.app, body, new Date());
    let created = null;
    let speakers = 0;
    let materials = 0;
    e.app.runInTransaction((txApp) => {
      const { copyEventRecords } = require(`${__hooks}/lib/events/copy.js`);
      const record = new Record(txApp.findCollectionByNameOrId("events"));
      record.load(fields);
      txApp.save(record);
      speakers = copyEventRecords(txApp, "speakers", source, record);
      materials = copyEventRecords(txApp, "materials", source, record);
      created = record;
    });
    // The events record hook gave it its page address (lib/events/slug.js): /events/<slug> once published.
    return e.json(201, { id: created.id, source: source.id, speakers, materials, ...fields, slug: created.getString("slug") });
  });
}

module.exports = { handleCreateNextEvent, parseInstant };
