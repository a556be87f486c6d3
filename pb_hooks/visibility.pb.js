/// <reference path="../pb_data/types.d.ts" />
// Rows that become readable without changing themselves are touched so every
// device pulls them (session materials when their event's portal unlocks, all
// materials for a new administrator, an event's materials for an account given
// a seat there). Logic: lib/sync/visibility.js.

// The unlock passing with nobody writing anything: checked every minute.
cronAdd("releaseUnlockedMaterials", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("releaseUnlockedMaterials", RETRY.everyMinute, (app) => require(`${__hooks}/lib/sync/visibility.js`).releaseUnlockedMaterials(app));
});

// An administrator moving the unlock into the past: at once.
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/sync/visibility.js`).releaseUnlockedMaterials(e.app);
}, "events");

onRecordAfterUpdateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/sync/visibility.js`).releaseUnlockedMaterials(e.app);
}, "events");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/sync/visibility.js`).onUserUpdate(e);
}, "users");

// An account given a seat at an event already unlocked: that event's materials,
// touched by the attendee row's record hook in Go (pocketbase/recordhooks.go).
