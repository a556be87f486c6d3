/// <reference path="../pb_data/types.d.ts" />
// Tombstones: deleting a record of a synced collection (events, speakers,
// materials, ai_use_cases, the owner-only tool records and attendee rows), by anyone and
// through any path (API, dashboard, cascade), also writes a `tombstones` row in
// the same transaction. Logic: lib/sync/tombstones.js.

onRecordDelete((e) => {
  require(`${__hooks}/lib/sync/tombstones.js`).deleteWithTombstone(e);
}, ...require(`${__hooks}/lib/sync/tombstones.js`).SYNCED_COLLECTIONS);

// Tombstones older than the retention (TOMBSTONE_RETENTION_DAYS, default 90)
// are deleted daily; a client whose last sync is older pulls everything again.
cronAdd("pruneTombstones", "23 3 * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("pruneTombstones", RETRY.daily, (app) => require(`${__hooks}/lib/sync/tombstones.js`).pruneTombstones(app));
});
