/// <reference path="../pb_data/types.d.ts" />
// Tombstones: deleting a record of a synced collection (events, speakers,
// materials, ai_use_cases, check_ins, users, the owner-only tool records and
// attendee rows), by anyone and through any path (API, dashboard, cascade),
// also writes a `tombstones` row in the same transaction; so does an attendee
// row or tool record moving to another account (one for the account it left).
// Logic: lib/sync/tombstones.js.

onRecordDelete((e) => {
  require(`${__hooks}/lib/sync/tombstones.js`).deleteWithTombstone(e);
}, ...require(`${__hooks}/lib/sync/tombstones.js`).SYNCED_COLLECTIONS);

onRecordUpdate((e) => {
  require(`${__hooks}/lib/sync/tombstones.js`).updateWithTombstone(e);
}, ...require(`${__hooks}/lib/sync/tombstones.js`).MOVABLE_COLLECTIONS);

// Tombstones older than the retention (TOMBSTONE_RETENTION_DAYS, default 90)
// are deleted daily and the highest sequence deleted is kept as the horizon; a
// device whose checkpoint is below it pulls everything again.
cronAdd("pruneTombstones", "23 3 * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("pruneTombstones", RETRY.daily, (app) => require(`${__hooks}/lib/sync/tombstones.js`).pruneTombstones(app));
});
