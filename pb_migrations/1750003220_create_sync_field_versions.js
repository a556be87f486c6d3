/// <reference path="../pb_data/types.d.ts" />
// sync_field_versions: for each row of the collections devices edit offline
// (users, readiness_assessments, business_cases, saved_use_cases), the
// version (`sync_seq`) at which each field last changed. A device's update
// carries, per field, the version it edited from (X-Sync-Versions); the
// server refuses a change of a field that changed after it
// (pb_hooks/lib/sync/conflicts.js, docs/sync.md "Push").
//
// - Written by the server build on every save of such a row, whatever saves
//   it (records API, dashboard, hooks, migrations): pocketbase/syncversions.go
//   compares the row before and after the UPDATE inside the save's
//   transaction, every column, so a field added later in the dashboard is
//   tracked too. A field never changed since the row was created has no entry
//   (version 0: no device's base is older than that).
// - A plain SQL table, not a collection: no records API, no dashboard list, no
//   sync pull ever shows it. It lives in data.db beside the rows, so a backup
//   and its restore carry it with them.
// - It goes with the row: an AFTER DELETE trigger on each table deletes the
//   row's entries by any delete path (records API, cascade, raw SQL). Keyed by
//   the collection's id, which a rename keeps.

const COLLECTIONS = ["users", "readiness_assessments", "business_cases", "saved_use_cases"];

migrate((app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  run(`CREATE TABLE IF NOT EXISTS sync_field_versions (
    collection TEXT NOT NULL,
    record TEXT NOT NULL,
    field TEXT NOT NULL,
    seq INTEGER NOT NULL,
    PRIMARY KEY (collection, record, field)
  ) WITHOUT ROWID`);
  for (const name of COLLECTIONS) {
    const collection = app.findCollectionByNameOrId(name);
    run(`DROP TRIGGER IF EXISTS sync_field_versions_${name}_delete`);
    run(`CREATE TRIGGER sync_field_versions_${name}_delete AFTER DELETE ON \`${name}\` BEGIN
      DELETE FROM sync_field_versions WHERE collection = '${collection.id}' AND record = OLD.id;
    END`);
  }
}, (app) => {
  const run = (sql) => app.db().newQuery(sql).execute();
  for (const name of COLLECTIONS) run(`DROP TRIGGER IF EXISTS sync_field_versions_${name}_delete`);
  run("DROP TABLE IF EXISTS sync_field_versions");
});
