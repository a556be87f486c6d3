/// <reference path="../../../pb_data/types.d.ts" />
// Rows that become readable without changing themselves. SQLite triggers give
// every row whose readers change a new sync number in the same statement
// (pb_migrations/1750002800_create_sync_sequence.js and
// 1750003210_update_sync_visibility_rules.js; docs/sync.md "How visibility
// follows the rules"), so the pull brings it. Two cases are left to this module:
//
// - An event's portal unlocks because its time passes: nothing is written, so
//   the minute job saves its materials once (`events.materials_released_at`,
//   hidden, records it), which numbers them and tells realtime listeners. An
//   unlock moved into the future and passed again saves them again.
// - A user becomes an administrator: the role trigger numbers the rows, and
//   the materials that user could not read before are saved once more so
//   their realtime message reaches the new administrator's open devices.
// (A seat given at an unlocked event: the attendee row's record hook in Go,
// pocketbase/recordhooks.go, saves that event's materials for the same reason.)

const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);

/**
 * Saves each material (of one event, or every one) unchanged so its `updated` moves.
 * @param {core.App} app
 * @param {string} [eventId]
 */
function touchMaterials(app, eventId) {
  const materials = eventId
    ? app.findRecordsByFilter("materials", "event = {:event}", "", 0, 0, { event: eventId })
    : app.findAllRecords("materials");
  materials.forEach((material) => app.save(material));
  return materials.length;
}

/**
 * Touches the materials of every event whose portal has unlocked since they
 * were last released. Returns the ids of the events released.
 * @param {core.App} app
 */
function releaseUnlockedMaterials(app) {
  const now = dbNow();
  const events = app.findRecordsByFilter(
    "events",
    "portal_unlock_at != '' && portal_unlock_at <= {:now} && (materials_released_at = '' || materials_released_at < portal_unlock_at)",
    "", 0, 0, { now },
  );
  return events.map((event) => {
    app.runInTransaction((txApp) => {
      touchMaterials(txApp, event.id);
      // Not a record save: the event itself did not change for anyone.
      txApp.db().newQuery("UPDATE events SET materials_released_at = {:now} WHERE id = {:id}").bind({ now, id: event.id }).execute();
    });
    return event.id;
  });
}

/**
 * onRecordUpdate handler for users: a user made administrator reads every
 * material from now on; those the user could not read before (outside its
 * seated and unlocked events) are saved for their realtime message.
 * @param {core.RecordEvent} e
 */
function onUserUpdate(e) {
  const promoted = e.record.getString("role") === "administrator" && e.record.original().getString("role") !== "administrator";
  e.next();
  if (!promoted) return;
  // the materials rule (pb_migrations/1750001750_update_materials_own_events.js) for this user as an attendee, negated
  const rows = arrayOf(new DynamicModel({ id: "" }));
  e.app.db().newQuery(`SELECT id FROM materials WHERE NOT (
      event IN (SELECT id FROM events WHERE IFNULL(portal_unlock_at, '') <= {:now})
      AND event IN (SELECT event FROM attendees WHERE user = {:user} AND registration_status IN ('confirmed', 'confirmed_observer')))`)
    .bind({ now: dbNow(), user: e.record.id }).all(rows);
  const hidden = rows.length ? e.app.findRecordsByIds("materials", rows.map((row) => row.id)) : [];
  hidden.forEach((material) => e.app.save(material));
}

module.exports = { touchMaterials, releaseUnlockedMaterials, onUserUpdate };
