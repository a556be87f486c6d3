package main

// One update request of a record devices edit offline (a profile, a readiness
// assessment, a business case, a saved use case) is one transaction: the row
// is read again inside it, the fields the request sends are put on that row,
// and every check after this (the shape and quota checks, the X-Sync-Base
// comparison in ../pb_hooks/lib/sync/conflicts.js) and the save itself run on
// it, with the transaction's app.
//
// Without this, PocketBase reads the row before the request hooks, outside any
// transaction, and saves that whole row: of two updates of different fields
// sent at once, the later save wrote back the earlier one's field as it was
// before, and two updates of the same field from the same base both passed the
// base check. SQLite has one writer at a time and PocketBase writes through a
// single connection, so two of these transactions never interleave: the second
// reads the row the first committed.

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/search"
)

// syncWritableCollections are the collections devices write offline
// (WRITABLE_COLLECTIONS in ../pb_hooks/lib/sync/conflicts.js).
var syncWritableCollections = []string{"users", "readiness_assessments", "business_cases", "saved_use_cases"}

func registerAtomicSyncUpdates(app core.App) {
	// the version at which each field of these rows last changed, on every save (syncversions.go)
	registerFieldVersions(app)

	app.OnRecordUpdateRequest(syncWritableCollections...).Bind(&hook.Handler[*core.RecordRequestEvent]{
		Id:   "atomicSyncUpdate",
		Func: atomicSyncUpdate,
		// before every JS handler (priority 0), so they all run on the row read
		// inside the transaction
		Priority: -100,
	})
}

func atomicSyncUpdate(e *core.RecordRequestEvent) error {
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}

	requestApp := e.App
	defer func() { e.App = requestApp }()

	return requestApp.RunInTransaction(func(txApp core.App) error {
		// The update rule again, against the row as it is now: a row that
		// stopped matching it meanwhile is not found, as it would be had the
		// request come a moment later.
		fresh, err := txApp.FindRecordById(e.Collection, e.Request.PathValue("id"), updateRuleFilter(txApp, e.Collection, info))
		if err != nil {
			return e.NotFoundError("", err)
		}

		// Only the fields this request sends, as PocketBase loaded them from the
		// request (modifiers such as "field+" resolved, uploads included, hidden
		// fields already dropped for non-superusers); every other field keeps
		// the value in the database.
		for name := range info.Body {
			if field := e.Collection.Fields.GetByName(name); field != nil {
				fresh.SetRaw(name, e.Record.GetRaw(name))
			}
		}

		e.App = txApp
		e.Record = fresh

		// PocketBase's own handler at the end of the chain saves e.Record with
		// e.App and writes the answer once the transaction has committed.
		return e.Next()
	})
}

// updateRuleFilter is the collection's update rule as PocketBase's records API
// applies it (superusers and an empty rule: no filter). The request body in
// info is the one the API resolved, so @request.body rules read the same values.
func updateRuleFilter(app core.App, collection *core.Collection, info *core.RequestInfo) func(q *dbx.SelectQuery) error {
	return func(q *dbx.SelectQuery) error {
		if info.HasSuperuserAuth() || collection.UpdateRule == nil || *collection.UpdateRule == "" {
			return nil
		}
		resolver := core.NewRecordFieldResolver(app, collection, info, true)
		expr, err := search.FilterData(*collection.UpdateRule).BuildExpr(resolver)
		if err != nil {
			return err
		}
		q.AndWhere(expr)
		return resolver.UpdateQuery(q)
	}
}
