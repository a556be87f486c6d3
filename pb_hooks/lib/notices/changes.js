/// <reference path="../../../pb_data/types.d.ts" />
// A masterclass's schedule (its date, times, time zone, venue and location) as
// the people holding seats know it, and the change counter calendars follow:
// - every saved change of those fields, whatever saves it (the admin's event
//   screen, its change route, the record API, the PocketBase dashboard), adds
//   one to `calendar_sequence` (onEventUpdate, a model hook), which the
//   calendar file writes as SEQUENCE (lib/tickets/calendar.js): a calendar
//   replaces its entry of the same UID only by a file with a higher SEQUENCE;
// - `notified_sequence` is the change the seat holders were last told of (or
//   the administrator chose not to tell them of). A change nobody holds a seat
//   for is counted told at once; a change saved where nobody could ask
//   (the dashboard) stays untold, and the admin's event screen offers to tell
//   the seat holders about it (lib/notices/routes.js).

const SCHEDULE_FIELDS = ["starts_at", "ends_at", "timezone", "venue", "location"];
const SEATED = ["confirmed", "confirmed_observer"];

/** The schedule fields whose values differ between two records (or a record and its original). */
function changedFields(before, after) {
  return SCHEDULE_FIELDS.filter((name) => before.getString(name) !== after.getString(name));
}

/**
 * The attendees holding a seat at the masterclass now, who can be written to
 * (an anonymised row's placeholder address cannot).
 * @param {core.App} app
 * @param {string} eventId
 * @returns {core.Record[]}
 */
function seatHolders(app, eventId) {
  const { isPlaceholder } = require(`${__hooks}/lib/accounts/anonymise.js`);
  return app
    .findRecordsByFilter("attendees", "event = {:event} && (registration_status = 'confirmed' || registration_status = 'confirmed_observer')", "created,id", 0, 0, { event: eventId })
    .filter((row) => !isPlaceholder(row.getString("email")));
}

/**
 * onRecordUpdate for events (in the save's transaction): a schedule change
 * adds one to the calendar sequence unless the caller set a higher one
 * (lib/notices/routes.js does, with the decision about telling people), and
 * never lets it go down.
 * @param {core.RecordEvent} e
 */
function onEventUpdate(e) {
  const record = e.record;
  const original = record.original();
  if (original && original.id) {
    const before = original.getInt("calendar_sequence");
    if (record.getInt("calendar_sequence") < before) record.set("calendar_sequence", before);
    if (record.getInt("notified_sequence") < original.getInt("notified_sequence")) record.set("notified_sequence", original.getInt("notified_sequence"));
    if (changedFields(original, record).length > 0) {
      record.set("schedule_changed_at", require(`${__hooks}/lib/core/db-date.js`).dbNow());
      if (record.getInt("calendar_sequence") === before) {
        record.set("calendar_sequence", before + 1);
        // nobody holds a seat: nobody is left untold
        if (seatHolders(e.app, record.id).length === 0) record.set("notified_sequence", before + 1);
      }
    }
  }
  return e.next();
}

module.exports = { SCHEDULE_FIELDS, SEATED, changedFields, seatHolders, onEventUpdate };
