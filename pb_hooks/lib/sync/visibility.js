/// <reference path="../../../pb_data/types.d.ts" />
// Rows that become readable without changing themselves. Devices pull each
// collection by its `updated` cursor, so a row that was always there but
// hidden by a rule (session materials before their event's portal unlocks)
// would never be pulled once the device's cursor is past its stamp. When such
// a row becomes visible, the server touches it (saves it unchanged: `updated`
// moves to now and realtime announces it), so every device pulls it like any
// other change.
//
// - An event's portal unlocks (its time passes: the minute job; or an
//   administrator moves `portal_unlock_at` into the past): its materials are
//   touched once, and `events.materials_released_at` (hidden) records it. An
//   unlock moved into the future and passed again touches them again.
// - A user becomes an administrator (who reads every material): all materials
//   are touched.
// - An account gets a seat at an event whose portal has unlocked (its attendee
//   row is linked to the account at sign-in, or confirmed, or moved there):
//   materials are readable only through such a seat, so that event's
//   materials are touched (the attendee row's record hook in Go,
//   pocketbase/recordhooks.go).
// Attendee rows and tool records change visibility only by a change of their
// own owner field, which moves their `updated` already.

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
 * material from now on, so they are touched for that user's devices.
 * @param {core.RecordEvent} e
 */
function onUserUpdate(e) {
  const promoted = e.record.getString("role") === "administrator" && e.record.original().getString("role") !== "administrator";
  e.next();
  if (promoted) touchMaterials(e.app);
}

module.exports = { touchMaterials, releaseUnlockedMaterials, onUserUpdate };
