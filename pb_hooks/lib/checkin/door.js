/// <reference path="../../../pb_data/types.d.ts" />
// What the door check-in routes share (administrators only: a guest gets
// 401, anyone else 403, before anything is read; each route names its
// masterclass with `event`, since a door works on one):
//   GET  /api/masterclass/admin/check-in/roster?event=…     — lib/checkin/roster.js
//   POST /api/masterclass/admin/check-in/push               — lib/checkin/push.js
// Conflicts between devices follow lib/checkin/rules.js.
// A door pass (lib/checkin/passes.js) is let in too, for its own masterclass
// only: another event's door answers it 403.

const MESSAGES = {
  signIn: "Please sign in as an administrator to check attendees in.",
  forbidden: "Only administrators can check attendees in.",
  eventMissing: "Choose the masterclass: the event must be given by its id.",
  eventInvalid: "The event must be given by its id.",
  eventUnknown: (id) => `There is no masterclass with the id ${id}.`,
  passRevoked: "This door pass was revoked. Ask the organiser for a new door link.",
  otherEventPass: "This door pass is for another masterclass: it checks people in at its own masterclass only.",
};

/** The door pass a request is signed in with, or null. @param {core.RequestEvent} e */
function doorPassOf(e) {
  return e.auth && e.auth.collection().name === "door_passes" ? e.auth : null;
}

/**
 * 401 for a guest; a door pass passes (unless revoked); anyone else must be an administrator (403).
 * @param {core.RequestEvent} e
 */
function requireDoorReader(e) {
  const pass = doorPassOf(e);
  if (!pass) return requireDoorAdministrator(e);
  if (pass.getString("revoked_at")) throw require(`${__hooks}/lib/core/errors.js`).refusal(401, "auth", "revoked", MESSAGES.passRevoked);
}

/** A door pass may work only at its own masterclass's door (403). */
function requireEventOfPass(e, event) {
  const pass = doorPassOf(e);
  if (pass && pass.getString("event") !== event.id) throw require(`${__hooks}/lib/core/errors.js`).refusal(403, "event", "other_event", MESSAGES.otherEventPass);
}

/** 401 for a guest, 403 for anyone else who is not an administrator. @param {core.RequestEvent} e */
function requireDoorAdministrator(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
}

/** The event the request names (required: a door works on one masterclass). */
function namedEvent(app, value) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (value === undefined || value === null || value === "") throw refusal(400, "event", "required", MESSAGES.eventMissing);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(value)) throw refusal(400, "event", "invalid", MESSAGES.eventInvalid);
  try {
    return app.findRecordById("events", value);
  } catch {
    throw refusal(404, "event", "not_found", MESSAGES.eventUnknown(value));
  }
}

/**
 * A door's read (roster, check-ins): the administrator checked, then the
 * masterclass its `event` query parameter names; `{event, query}`.
 * @param {core.RequestEvent} e
 */
function doorQuery(e) {
  requireDoorReader(e);
  const query = e.request.url.query();
  const event = namedEvent(e.app, query.get("event"));
  requireEventOfPass(e, event);
  return { event, query };
}

/** The page size a request asks for, within `max`; `fallback` when it asks for none. */
function limitOf(raw, fallback, max) {
  const limit = Number.parseInt(String(raw || ""), 10);
  return Number.isFinite(limit) && limit > 0 ? Math.min(limit, max) : fallback;
}

/** An answer made as JSON text, never cached. */
function answerJson(e, text) {
  const header = e.response.header();
  header.set("Content-Type", "application/json");
  header.set("Cache-Control", "no-store");
  return e.string(200, text);
}

const CHECK_IN_FIELDS = [
  "id", "attendee", "event", "method", "scanned_at", "received_at", "device_clock_offset_ms", "clock_suspect", "ordered_at",
  "device_name", "checked_in_by", "sent_by", "door_pass", "undone_at", "undone_by", "undone_door_pass", "undone_device", "conflict", "conflict_with", "created", "updated",
  // The change sequence, as the pull gives it: a device storing the push's answer keeps the row's number (DESIGN decision 18).
  "sync_seq",
];

/** @param {core.Record} record */
function checkInJson(record) {
  const row = {};
  for (const field of CHECK_IN_FIELDS) {
    if (field === "id") row.id = record.id;
    else if (field === "clock_suspect" || field === "conflict") row[field] = record.getBool(field);
    else if (field === "device_clock_offset_ms" || field === "sync_seq") row[field] = record.getInt(field);
    else row[field] = record.getString(field);
  }
  return row;
}

module.exports = { MESSAGES, requireDoorAdministrator, doorPassOf, requireDoorReader, requireEventOfPass, namedEvent, doorQuery, limitOf, answerJson, checkInJson };
