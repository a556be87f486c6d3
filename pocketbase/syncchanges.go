// GET /api/sync/changes: what changed in one synced collection after a device's
// checkpoint, by the server-issued sync sequence (docs/architecture.md "Sync").
//
// Every synced row carries `sync_seq`, the number SQLite triggers give it on
// each insert and update (pb_migrations/1750002800_create_sync_sequence.js);
// tombstones carry theirs. A page is read in one read transaction (one
// snapshot): the rows and tombstones with a number above `after`, merged by
// number, and the counter. The collection's list rule applies exactly as in
// the records API (PocketBase's own rule resolver), and records are written
// exactly as the records API writes them (hidden fields, email visibility).
package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/search"
)

const (
	syncDefaultLimit = 200
	syncMaxLimit     = 5000
)

// syncCollection: how one synced collection is pulled.
type syncCollection struct {
	// ownerField names the account a row belongs to (owner-scoped collections):
	// `owner=1` scans only the requester's rows, and tombstones are the requester's.
	ownerField string
	// adminReadsAll: an administrator pulling without `owner=1` gets every
	// account's tombstones (the collection's rule lets them read every row).
	adminReadsAll bool
	// goneWhenHidden: a changed row the requester may not read (an unpublished
	// event, a material after losing a seat) is reported in `gone`. Only shared
	// collections, whose ids say nothing about an account.
	goneWhenHidden bool
	// adminTombstones: only administrators get this collection's tombstones.
	adminTombstones bool
}

var syncCollections = map[string]syncCollection{
	"events":                {goneWhenHidden: true},
	"speakers":              {goneWhenHidden: true},
	"materials":             {goneWhenHidden: true},
	"ai_use_cases":          {},
	"tombstones":            {},
	"check_ins":             {adminTombstones: true},
	"users":                 {ownerField: "id", adminReadsAll: true},
	"attendees":             {ownerField: "user", adminReadsAll: true},
	"readiness_assessments": {ownerField: "owner"},
	"business_cases":        {ownerField: "owner"},
	"saved_use_cases":       {ownerField: "owner"},
}

func syncCollectionNames() []string {
	names := make([]string, 0, len(syncCollections))
	for name := range syncCollections {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// registerSync binds the pull route and the guard that keeps `sync_seq` the server's.
func registerSync(app core.App) {
	names := syncCollectionNames()

	// A value an API caller sends for sync_seq is ignored: the triggers write
	// the real one, and the answer shows it.
	app.OnRecordCreateRequest(names...).BindFunc(func(e *core.RecordRequestEvent) error {
		e.Record.Set("sync_seq", 0)
		return e.Next()
	})
	app.OnRecordUpdateRequest(names...).BindFunc(func(e *core.RecordRequestEvent) error {
		e.Record.Set("sync_seq", e.Record.Original().GetInt("sync_seq"))
		return e.Next()
	})
	// After the commit, before realtime broadcasts the record (priority -99)
	// and before the request's answer: the record takes the number its row got.
	refresh := func(e *core.ModelEvent) error {
		var record *core.Record
		switch m := e.Model.(type) {
		case *core.Record:
			record = m
		case core.RecordProxy:
			record = m.ProxyRecord()
		}
		if record != nil {
			if _, synced := syncCollections[record.Collection().Name]; synced {
				var seq int64
				err := e.App.DB().NewQuery("SELECT sync_seq FROM {{" + record.Collection().Name + "}} WHERE id = {:id}").
					Bind(dbx.Params{"id": record.Id}).Row(&seq)
				if err == nil {
					record.Set("sync_seq", seq)
				}
			}
		}
		return e.Next()
	}
	app.OnModelAfterCreateSuccess().Bind(&hook.Handler[*core.ModelEvent]{Func: refresh, Priority: -100})
	app.OnModelAfterUpdateSuccess().Bind(&hook.Handler[*core.ModelEvent]{Func: refresh, Priority: -100})

	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(e *core.ServeEvent) error {
			// The sync_seq triggers update their own row; with recursive triggers on
			// that UPDATE would fire them again until SQLite refused every write.
			// Off is SQLite's default and PocketBase's connection does not change it.
			var recursive int
			if err := e.App.NonconcurrentDB().NewQuery("PRAGMA recursive_triggers").Row(&recursive); err != nil || recursive != 0 {
				return errors.Join(errors.New("sync: SQLite recursive_triggers must be off for the sync_seq triggers"), err)
			}
			e.Router.GET("/api/sync/changes", syncChanges)
			return e.Next()
		},
	})
}

var wholeNumber = regexp.MustCompile(`^[0-9]{1,15}$`)

type syncParamError struct{ code, message string }

func (p syncParamError) Code() string  { return p.code }
func (p syncParamError) Error() string { return p.message }

// a 400 like PocketBase's: {status, message, data: {<param>: {code, message}}}
func badSyncParam(e *core.RequestEvent, param, message string) error {
	return e.BadRequestError(message, map[string]router.SafeErrorItem{param: syncParamError{"invalid", message}})
}

type syncQuery struct {
	name      string
	spec      syncCollection
	after     int64
	limit     int
	ownerOnly bool
	// full: the page continues a pull that started at 0 (the device then drops
	// whatever that pull does not bring), so pruned tombstones cannot matter to
	// it and a checkpoint below the horizon is no reason to start again.
	full bool
	// history: the epoch of this database's history the checkpoint was taken
	// in (synchistory.go); "" = an app from before the history.
	history string
	// seen: the highest number the device holds in this collection from
	// outside its pulls (realtime messages, answers to its own saves), when
	// above its checkpoint; 0 = none. Judged with the history like the
	// checkpoint: a device holding a version numbered in another history
	// (a backup restored) starts again even when its checkpoint is older.
	seen int64
}

func readSyncQuery(e *core.RequestEvent) (*syncQuery, error) {
	params := e.Request.URL.Query()
	name := params.Get("collection")
	spec, ok := syncCollections[name]
	if !ok {
		return nil, badSyncParam(e, "collection", "The collection must be one of: "+strings.Join(syncCollectionNames(), ", ")+".")
	}
	q := &syncQuery{name: name, spec: spec, limit: syncDefaultLimit}
	if raw := params.Get("after"); raw != "" {
		if !wholeNumber.MatchString(raw) {
			return nil, badSyncParam(e, "after", "The checkpoint (after) must be a whole number of 0 or more: the last sync_seq the device applied.")
		}
		q.after, _ = strconv.ParseInt(raw, 10, 64)
	}
	if raw := params.Get("limit"); raw != "" {
		limit, err := strconv.Atoi(raw)
		if !wholeNumber.MatchString(raw) || err != nil || limit < 1 || limit > syncMaxLimit {
			return nil, badSyncParam(e, "limit", "The page size (limit) must be a whole number from 1 to "+strconv.Itoa(syncMaxLimit)+".")
		}
		q.limit = limit
	}
	switch params.Get("owner") {
	case "", "0":
	case "1":
		q.ownerOnly = spec.ownerField != ""
	default:
		return nil, badSyncParam(e, "owner", "The owner parameter must be 1 (only the signed-in account's rows) or left out.")
	}
	switch params.Get("full") {
	case "", "0":
	case "1":
		q.full = true
	default:
		return nil, badSyncParam(e, "full", "The full parameter must be 1 (this page continues a pull that started at 0) or left out.")
	}
	if raw, sent := params["history"]; sent {
		if len(raw) != 1 || !syncHistoryParam.MatchString(raw[0]) {
			return nil, badSyncParam(e, "history", "The history must be the id the server named with the checkpoint (letters and digits), or left out.")
		}
		q.history = raw[0]
	}
	if raw := params.Get("seen"); raw != "" {
		if !wholeNumber.MatchString(raw) {
			return nil, badSyncParam(e, "seen", "The seen parameter must be a whole number of 0 or more: the highest sync_seq the device holds from outside its pulls.")
		}
		q.seen, _ = strconv.ParseInt(raw, 10, 64)
	}
	return q, nil
}

// one page: {"records": [...], "gone": [...], "last": n, "more": bool}
type syncPage struct {
	entries []syncEntry // the records, in order
	History string      // the current epoch of the sync history (synchistory.go)
	Gone    []string
	Last    int64
	More    bool
}

type syncReset struct {
	Reset   bool   `json:"reset"`
	Horizon int64  `json:"horizon"`
	History string `json:"history"`
}

// one entry of the merged page: a changed row or a tombstone
type syncEntry struct {
	seq    int64
	id     string
	row    bool
	record *core.Record // the row as a record (the general path)
	json   string       // the row's JSON written by SQLite (the plain path)
}

// doorPassFields: what a door pass's device gets of an attendee (what the
// door's search and scan use, and `replaces`: the row whose seat this one took,
// so the door can say who holds a seat passed to a colleague; no email, phone,
// dietary requirements, account, consents or campaign fields).
var doorPassFields = map[string]bool{
	"id": true, "event": true, "full_name": true, "company": true, "registration_status": true,
	"ticket_code": true, "replaces": true, "updated": true, "sync_seq": true,
}

// doorPassOf: the door pass (pb_hooks/lib/checkin/passes.js) the request is signed in with, or nil.
func doorPassOf(info *core.RequestInfo) *core.Record {
	if info.Auth != nil && info.Auth.Collection().Name == "door_passes" {
		return info.Auth
	}
	return nil
}

type syncPull struct {
	e          *core.RequestEvent
	tx         *dbx.Tx
	q          *syncQuery
	collection *core.Collection
	info       *core.RequestInfo
	superuser  bool
	// doorPass: a door pass's pull (attendees and check-ins of its masterclass only).
	doorPass *core.Record
	// rowJSON: the SQL expression of a row's JSON when SQLite can write it
	// exactly as the records API would (see plainRowJSON), else "".
	rowJSON string
}

func syncChanges(e *core.RequestEvent) error {
	q, err := readSyncQuery(e)
	if err != nil {
		return err
	}
	collection, err := e.App.FindCachedCollectionByNameOrId(q.name)
	if err != nil {
		return e.BadRequestError("collection "+q.name+" does not exist on this server.", nil)
	}
	info, err := e.RequestInfo()
	if err != nil {
		return e.BadRequestError("", err)
	}
	// A device pulls as the account it belongs to. A token PocketBase did not
	// accept (expired, revoked, of a deleted account) would otherwise be read as
	// a guest: the shared rows it may no longer see would come back as gone and
	// the checkpoint would move past them, so after signing in again they would
	// never return. Such a pull, and an owner pull without any session, is a 401.
	if info.Auth == nil && (e.Request.Header.Get("Authorization") != "" || q.ownerOnly) {
		return e.UnauthorizedError("Sign in again to sync this device.", nil)
	}
	// A door pass reads its masterclass's attendees (the door's fields only)
	// and check-ins, nothing else; rows that leave its masterclass are gone.
	pass := doorPassOf(info)
	if pass != nil {
		if q.name != "attendees" && q.name != "check_ins" {
			return e.ForbiddenError("A door pass syncs only its masterclass's attendees and check-ins.", nil)
		}
		if pass.GetString("revoked_at") != "" {
			return e.UnauthorizedError("Sign in again to sync this device.", nil)
		}
		q.ownerOnly = false
		q.spec.goneWhenHidden = true
	}
	if collection.ListRule == nil && !info.HasSuperuserAuth() {
		return e.ForbiddenError("Only superusers can perform this action.", nil)
	}
	db, ok := e.App.ConcurrentDB().(*dbx.DB)
	if !ok {
		return e.InternalServerError("", errors.New("sync: the read database is not a *dbx.DB"))
	}

	// One read transaction: every read below sees the same snapshot.
	tx, err := db.Begin()
	if err != nil {
		return e.InternalServerError("", err)
	}
	defer tx.Rollback()

	pull := &syncPull{e: e, tx: tx, q: q, collection: collection, info: info, superuser: info.HasSuperuserAuth(), doorPass: pass}
	switch {
	case pass != nil && q.name == "attendees":
		// Always SQLite's JSON of the door's fields: no enrich hook or expand adds anything to it.
		pull.rowJSON = plainRowJSON(collection, doorPassFields)
	case pass != nil:
		pull.rowJSON = plainRowJSON(collection, nil)
	case !pull.superuser && info.Query["expand"] == "" && e.App.OnRecordEnrich().Length() == 0:
		pull.rowJSON = plainRowJSON(collection, nil)
	}
	if pass != nil && pull.rowJSON == "" {
		return e.InternalServerError("", errors.New("sync: a door pass's pull needs SQLite's row JSON"))
	}
	var counter, horizon int64
	if err := tx.NewQuery("SELECT value, horizon FROM sync_counter WHERE id = 1").Row(&counter, &horizon); err != nil {
		return e.InternalServerError("", err)
	}
	// A checkpoint below the horizon may have missed a pruned tombstone (not
	// in a pull that started at 0: its later pages are below the horizon too);
	// one above the counter comes from another history of this database (a
	// backup restored): either way the device pulls everything again.
	// A checkpoint taken in another history of this database (a backup
	// restored, a data folder copied in) likewise (synchistory.go).
	// Versions the device holds from realtime messages or its own saves, past
	// its checkpoint, are judged as the checkpoint is.
	held := q.after
	if q.after > 0 && q.seen > held {
		held = q.seen
	}
	history, otherHistory, err := syncHistoryVerdict(tx, q.history, held)
	if err != nil {
		return e.InternalServerError("", err)
	}
	// A checkpoint above the counter is a reset for accounts only: answered to a
	// guest, the reset would let anyone find the counter (which moves with every
	// sale) by trying numbers; a guest is answered the empty page instead.
	aboveCounter := held > counter && info.Auth != nil
	if q.after > 0 && ((!q.full && q.after < horizon) || aboveCounter || otherHistory) {
		tx.Rollback()
		e.Response.Header().Set("Cache-Control", "no-store")
		return e.JSON(http.StatusOK, syncReset{Reset: true, Horizon: horizon, History: history})
	}

	page, err := pull.read(counter)
	if err != nil {
		return e.InternalServerError("", err)
	}
	page.History = history
	tx.Rollback()

	body, err := page.encode(e)
	if err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.Blob(http.StatusOK, "application/json", body)
}

// encode: the answer's JSON. Records loaded as records are enriched and
// encoded as the records API does; rows SQLite wrote are copied as they are.
func (page *syncPage) encode(e *core.RequestEvent) ([]byte, error) {
	records := []*core.Record{}
	for _, entry := range page.entries {
		if entry.record != nil {
			records = append(records, entry.record)
		}
	}
	if err := apis.EnrichRecords(e, records); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString(`{"records":[`)
	for i, entry := range page.entries {
		if i > 0 {
			out.WriteByte(',')
		}
		if entry.record == nil {
			out.WriteString(entry.json)
			continue
		}
		encoded, err := json.Marshal(entry.record)
		if err != nil {
			return nil, err
		}
		out.Write(encoded)
	}
	gone, err := json.Marshal(page.Gone)
	if err != nil {
		return nil, err
	}
	out.WriteString(`],"gone":`)
	out.Write(gone)
	history, err := json.Marshal(page.History)
	if err != nil {
		return nil, err
	}
	out.WriteString(`,"last":` + strconv.FormatInt(page.Last, 10) + `,"more":` + strconv.FormatBool(page.More) + `,"history":`)
	out.Write(history)
	out.WriteByte('}')
	return out.Bytes(), nil
}

func (p *syncPull) isAdministrator() bool {
	auth := p.info.Auth
	return auth != nil && auth.Collection().Name == "users" && auth.GetString("role") == "administrator"
}

func (p *syncPull) authId() string {
	if p.info.Auth == nil {
		return ""
	}
	return p.info.Auth.Id
}

// scope narrows a query on the collection's table to what the requester may
// read: the list rule (as the records API applies it) and, with owner=1, the
// requester's own rows.
func (p *syncPull) scope(query *dbx.SelectQuery, withRule bool) error {
	table := p.collection.Name
	if p.q.ownerOnly {
		query.AndWhere(dbx.HashExp{table + "." + p.q.spec.ownerField: p.authId()})
		if p.authId() == "" {
			query.AndWhere(dbx.NewExp("1 = 0"))
		}
	}
	if withRule && p.doorPass != nil {
		query.AndWhere(dbx.HashExp{table + ".event": p.doorPass.GetString("event")})
		return nil
	}
	if !withRule || p.superuser || p.collection.ListRule == nil || *p.collection.ListRule == "" {
		return nil
	}
	resolver := core.NewRecordFieldResolver(p.e.App, p.collection, p.info, true)
	expr, err := search.FilterData(*p.collection.ListRule).BuildExpr(resolver)
	if err != nil {
		return err
	}
	query.AndWhere(expr)
	return resolver.UpdateQuery(query)
}

// hiddenGone: whether changed rows the requester may not read are read too and
// named gone (checked afterwards): in shared collections whose ids say nothing
// about an account (events, speakers, materials), for a signed-in device that
// may hold them. Not for a door pass (a row leaves its masterclass by a
// tombstone of that masterclass, so other masterclasses' ids never reach it);
// not for a guest (no app device pulls as a guest, and a guest cannot tell a
// draft it never saw from one it did: it would learn every draft's and every
// material's id); not for a pull from 0 or a page of one (the device held
// nothing before it, and once it completes it drops what it did not bring;
// these collections are read-only on devices, so no unsent change waits on them).
func (p *syncPull) hiddenGone() bool {
	if !p.q.spec.goneWhenHidden || p.superuser || p.doorPass != nil || p.authId() == "" || p.q.after == 0 || p.q.full {
		return false
	}
	return true
}

// changedRows: up to n rows with a number above `after`, in order. Rows the
// requester may not read are left out, except where hidden rows are reported
// gone (hiddenGone; checked afterwards).
func (p *syncPull) changedRows(n int) ([]syncEntry, error) {
	table := p.collection.Name
	columns := []string{p.tx.QuoteSimpleColumnName(table) + ".*"}
	if p.rowJSON != "" {
		columns = []string{"[[" + table + ".id]]", "[[" + table + ".sync_seq]]", p.rowJSON + " AS [[sync_json]]"}
	}
	query := p.tx.Select(columns...).From(table).
		AndWhere(dbx.NewExp("[["+table+".sync_seq]] > {:after}", dbx.Params{"after": p.q.after})).
		OrderBy(table + ".sync_seq").
		Limit(int64(n))
	if err := p.scope(query, !p.hiddenGone()); err != nil {
		return nil, err
	}
	if p.rowJSON != "" {
		rows := []struct {
			Id   string `db:"id"`
			Seq  int64  `db:"sync_seq"`
			JSON string `db:"sync_json"`
		}{}
		if err := query.All(&rows); err != nil {
			return nil, err
		}
		entries := make([]syncEntry, len(rows))
		for i, row := range rows {
			entries[i] = syncEntry{seq: row.Seq, id: row.Id, row: true, json: row.JSON}
		}
		return entries, nil
	}
	rows := []dbx.NullStringMap{}
	if err := query.All(&rows); err != nil {
		return nil, err
	}
	entries := make([]syncEntry, 0, len(rows))
	for _, row := range rows {
		record, err := recordFromRow(p.collection, row)
		if err != nil {
			return nil, err
		}
		entries = append(entries, syncEntry{seq: int64(record.GetInt("sync_seq")), id: record.Id, row: true, record: record})
	}
	return entries, nil
}

var plainName = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// plainRowJSON: the SQL json_object(...) of a row exactly as the records API
// writes it for a requester who is not a superuser, or "" when this collection
// needs the general path (an auth collection's email visibility, a field type
// not listed here). Hidden fields are left out as the records API leaves them
// out; the keys come in the order the records API's JSON sorts them.
// (Proven equal to the records API, odd values included, by
// tests/server/sync-sequence.test.ts and sync-pull.test.ts.)
// With `only`, just those fields (a door pass's projection).
func plainRowJSON(collection *core.Collection, only map[string]bool) string {
	if collection.IsAuth() || !plainName.MatchString(collection.Id) || !plainName.MatchString(collection.Name) {
		return ""
	}
	type part struct{ key, expr string }
	parts := []part{
		{"collectionId", "'" + collection.Id + "'"},
		{"collectionName", "'" + collection.Name + "'"},
	}
	table := collection.Name
	for _, field := range collection.Fields {
		if field.GetHidden() || (only != nil && !only[field.GetName()]) {
			continue
		}
		name := field.GetName()
		if !plainName.MatchString(name) {
			return ""
		}
		column := "[[" + table + "." + name + "]]"
		var expr string
		switch f := field.(type) {
		case *core.TextField, *core.EditorField, *core.EmailField, *core.URLField, *core.DateField, *core.AutodateField:
			expr = "COALESCE(" + column + ", '')"
		case *core.NumberField:
			expr = "COALESCE(" + column + ", 0)"
		case *core.BoolField:
			expr = "(CASE WHEN " + column + " THEN json('true') ELSE json('false') END)"
		case *core.SelectField, *core.RelationField, *core.FileField:
			if !f.(core.MultiValuer).IsMultiple() {
				expr = "COALESCE(" + column + ", '')"
			} else {
				expr = "(CASE WHEN json_valid(" + column + ") THEN json(" + column + ") ELSE json('[]') END)"
			}
		case *core.JSONField:
			expr = "(CASE WHEN " + column + " IS NULL OR " + column + " = '' OR NOT json_valid(" + column + ") THEN json('null') ELSE json(" + column + ") END)"
		default:
			return ""
		}
		parts = append(parts, part{name, expr})
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].key < parts[j].key })
	args := make([]string, 0, len(parts)*2)
	for _, p := range parts {
		args = append(args, "'"+p.key+"'", p.expr)
	}
	return "json_object(" + strings.Join(args, ", ") + ")"
}

// recordFromRow: the record as PocketBase loads it from a row (core's own loader is unexported).
func recordFromRow(collection *core.Collection, row dbx.NullStringMap) (*core.Record, error) {
	record := core.NewRecord(collection)
	for _, field := range collection.Fields {
		var raw any
		if value, ok := row[field.GetName()]; ok && value.Valid {
			raw = value.String
		}
		value, err := field.PrepareValue(record, raw)
		if err != nil {
			return nil, err
		}
		record.SetRaw(field.GetName(), value)
	}
	if err := record.PostScan(); err != nil {
		return nil, err
	}
	return record, nil
}

// tombstones: up to n tombstones of the collection with a number above
// `after` that the requester may read (shared ones, its own; an
// administrator's door every account's attendee rows; a door pass those of
// its masterclass, whoever owns them).
func (p *syncPull) tombstones(n int) ([]syncEntry, error) {
	query := p.tx.Select("record_id", "sync_seq").From("tombstones").
		AndWhere(dbx.HashExp{"collection": p.collection.Name}).
		AndWhere(dbx.NewExp("sync_seq > {:after}", dbx.Params{"after": p.q.after})).
		OrderBy("sync_seq").
		Limit(int64(n))
	admin := p.superuser || p.isAdministrator()
	switch {
	case p.doorPass != nil:
		// the tombstones of rows deleted at, or moved away from, its masterclass (ids only)
		query.AndWhere(dbx.HashExp{"event": p.doorPass.GetString("event")})
	case p.q.spec.adminTombstones && !admin:
		return nil, nil
	case p.q.ownerOnly:
		query.AndWhere(dbx.HashExp{"owner": p.authId()})
	case p.superuser || (p.q.spec.adminReadsAll && p.isAdministrator()):
	case p.authId() == "":
		return nil, nil // the tombstones' own rule: signed-in users only
	case p.q.spec.ownerField != "":
		query.AndWhere(dbx.HashExp{"owner": p.authId()})
	default:
		query.AndWhere(dbx.HashExp{"owner": ""})
	}
	rows := []struct {
		RecordId string `db:"record_id"`
		Seq      int64  `db:"sync_seq"`
	}{}
	if err := query.All(&rows); err != nil {
		return nil, err
	}
	entries := make([]syncEntry, len(rows))
	for i, row := range rows {
		entries[i] = syncEntry{seq: row.Seq, id: row.RecordId}
	}
	return entries, nil
}

// readable: which of the ids are rows the requester may read now.
func (p *syncPull) readable(ids []string) (map[string]bool, error) {
	result := map[string]bool{}
	if len(ids) == 0 {
		return result, nil
	}
	table := p.collection.Name
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	query := p.tx.Select(table + ".id").From(table).AndWhere(dbx.In(table+".id", values...))
	if err := p.scope(query, true); err != nil {
		return nil, err
	}
	found := []string{}
	if err := query.Column(&found); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	for _, id := range found {
		result[id] = true
	}
	return result, nil
}

func (p *syncPull) read(counter int64) (*syncPage, error) {
	limit := p.q.limit
	rows, err := p.changedRows(limit + 1)
	if err != nil {
		return nil, err
	}
	tombstones, err := p.tombstones(limit + 1)
	if err != nil {
		return nil, err
	}
	merged := append(rows, tombstones...)
	sort.Slice(merged, func(i, j int) bool { return merged[i].seq < merged[j].seq })

	page := &syncPage{Gone: []string{}, Last: counter}
	if len(merged) > limit {
		merged = merged[:limit]
		page.More = true
		page.Last = merged[limit-1].seq
	} else {
		// The last page ends at the highest number it read, or the horizon, or
		// where the device was: never the counter, which moves with every write
		// of every collection (each sale) and would tell anyone how sales go.
		// Every entry up to the counter is in this page, so any end up to it
		// misses nothing; the horizon keeps a quiet collection's checkpoint
		// from falling below the pruned tombstones (a reset at every pull).
		var horizon int64
		if err := p.tx.NewQuery("SELECT horizon FROM sync_counter WHERE id = 1").Row(&horizon); err != nil {
			return nil, err
		}
		page.Last = max(p.q.after, min(horizon, counter))
		for _, entry := range merged {
			page.Last = max(page.Last, entry.seq)
		}
	}

	// Rows whose readability is checked here (hidden rows of shared
	// collections are gone), and tombstoned ids that are readable rows again
	// (re-created, or moved back to this account), which are not gone.
	hiddenGone := p.hiddenGone()
	check := []string{}
	for _, entry := range merged {
		if !entry.row || hiddenGone {
			check = append(check, entry.id)
		}
	}
	readable, err := p.readable(check)
	if err != nil {
		return nil, err
	}
	gone := map[string]bool{}
	for _, entry := range merged {
		switch {
		case entry.row && (readable[entry.id] || !hiddenGone):
			page.entries = append(page.entries, entry)
		case readable[entry.id] || gone[entry.id]:
		default:
			gone[entry.id] = true
			page.Gone = append(page.Gone, entry.id)
		}
	}
	return page, nil
}
