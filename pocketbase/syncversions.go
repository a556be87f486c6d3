package main

// Field versions of the records devices edit offline (users,
// readiness_assessments, business_cases, saved_use_cases): for each row, the
// version (`sync_seq`) at which each field last changed, in the plain table
// sync_field_versions (pb_migrations/1750003220_create_sync_field_versions.js).
// A device's update says per field which version it edited from
// (X-Sync-Versions); ../pb_hooks/lib/sync/conflicts.js refuses a change of a
// field that changed after that version, even when its value has come back
// since (A → B → A, then a late copy of the B edit).
//
// Every save of such a row goes through PocketBase's record update execute
// hook: the records API (a device, an administrator, the dashboard), hooks'
// app.Save, migrations' app.save. That hook does not run in a transaction of
// its own (core.BaseApp.update; only a caller's RunInTransaction makes one),
// so this one opens it (or joins the caller's: syncupdate.go's, a hook's),
// reads the row, lets the UPDATE run (the sync_seq trigger gives the row its
// new number in the same statement), reads the row again and records that
// number for every column whose stored value changed. Both rows are compared
// column by column, whatever the collection's fields are, so a field added
// later in the dashboard is tracked from its first change. The row and its
// versions commit together or not at all.
//
// Not covered: a raw SQL write to these tables (an UPDATE statement through
// db().newQuery), which runs no record hook. None exists (tests/server/sync-versions
// checks the hooks and migrations for one); such a write still moves the
// row's sync_seq, and the value comparison (X-Sync-Base) still catches a
// device edit made from a value it changed.

import (
	"database/sql"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const fieldVersionsTable = "sync_field_versions"

func registerFieldVersions(app core.App) {
	app.OnRecordUpdateExecute(syncWritableCollections...).Bind(&hook.Handler[*core.RecordEvent]{
		Id:   "syncFieldVersions",
		Func: recordFieldVersions,
		// before every other execute handler (JS ones run at 0), so they all
		// run inside the transaction
		Priority: -100,
	})
}

func recordFieldVersions(e *core.RecordEvent) error {
	callerApp := e.App
	defer func() { e.App = callerApp }()

	return callerApp.RunInTransaction(func(txApp core.App) error {
		e.App = txApp
		// migrations that save these rows before the table exists
		if !txApp.HasTable(fieldVersionsTable) {
			return e.Next()
		}
		collection := e.Record.Collection()
		before, err := storedRow(txApp, collection, e.Record.Id)
		if err != nil {
			if err == sql.ErrNoRows {
				return e.Next()
			}
			return err
		}
		if err := e.Next(); err != nil {
			return err
		}
		after, err := storedRow(txApp, collection, e.Record.Id)
		if err != nil {
			return err
		}
		number, err := strconv.ParseFloat(after["sync_seq"].String, 64)
		seq := int64(number)
		if err != nil || seq <= 0 {
			return nil // before the sync sequence existed
		}
		for column, value := range after {
			if column == "id" || column == "sync_seq" {
				continue
			}
			if field := collection.Fields.GetByName(column); field != nil && field.Type() == core.FieldTypeAutodate {
				continue
			}
			if old, ok := before[column]; ok && old == value {
				continue
			}
			_, err := txApp.NonconcurrentDB().NewQuery(`INSERT INTO ` + fieldVersionsTable + ` (collection, record, field, seq)
				VALUES ({:collection}, {:record}, {:field}, {:seq})
				ON CONFLICT (collection, record, field) DO UPDATE SET seq = excluded.seq`).
				Bind(dbx.Params{"collection": collection.Id, "record": e.Record.Id, "field": column, "seq": seq}).
				Execute()
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// storedRow: the row as SQLite holds it, every column as text.
func storedRow(app core.App, collection *core.Collection, id string) (dbx.NullStringMap, error) {
	row := dbx.NullStringMap{}
	err := app.NonconcurrentDB().NewQuery("SELECT * FROM {{" + collection.Name + "}} WHERE [[id]] = {:id}").
		Bind(dbx.Params{"id": id}).One(row)
	return row, err
}
