/// <reference path="../pb_data/types.d.ts" />
// sync_history: the database's history of the sync sequence, as epochs
// (pocketbase/synchistory.go, docs/sync.md "After a restore"). Every time the
// server opens this database it starts a new epoch (a random id) that begins
// after the counter's value then. A restored backup, or a data folder copied
// in, carries the epochs it had and takes a new one at its start, so a device
// whose checkpoint was taken past where this database's copy of its epoch
// ends (it saw writes this database never had) is told to start again. `seq`
// orders the epochs (an explicit key: VACUUM may renumber a table's rowids).
// A plain SQL table, not a collection: only the server reads and writes it.

migrate((app) => {
  app.db().newQuery(`CREATE TABLE IF NOT EXISTS sync_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    started_after INTEGER NOT NULL,
    created TEXT NOT NULL DEFAULT ''
  )`).execute();
}, (app) => {
  app.db().newQuery("DROP TABLE IF EXISTS sync_history").execute();
});
