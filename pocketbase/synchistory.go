// The sync history (docs/sync.md "After a restore"): which history of the
// sync sequence a device's checkpoint belongs to.
//
// A checkpoint is a number of the sequence (sync_counter). After a backup is
// restored, or an older data folder copied in, the counter is back where the
// copy left it, and the first writes give out again the numbers devices
// already hold: a device past them would keep rows this database never had
// and miss the rows written since. So the database keeps its history as
// epochs (table sync_history, pb_migrations/1750003200_create_sync_history.js):
// every time the server opens the database it starts a new epoch, with a
// random id, that begins after the counter's value as found on disk, before
// any migration or start-up write numbers anything. Every answer of
// GET /api/sync/changes names the current epoch (`history`), and the device
// sends back the epoch its checkpoint was taken in. The device starts again
// from 0 (`reset`) when its epoch is unknown to this database, or when it is
// an older one and the checkpoint is past the point where the next epoch of
// this database began: the device saw numbers this database's history never
// gave out. A checkpoint within its epoch's part of this history is still
// valid, so a plain restart costs a device nothing.
//
// Every restore path ends in a start: `pocketbase restore` (backup_restore.go)
// fills an empty folder and the server is then started on it; the dashboard's
// and the backup API's restore swap the data folder and restart the process
// (PocketBase's RestoreBackup; if the restart fails it bootstraps again,
// which starts an epoch too, and an epoch is also started once the restore
// returns in a process that is still running); a data folder copied in while
// the server is stopped is opened at the next start.
package main

import (
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/security"
)

const (
	syncHistoryTable = "sync_history"
	// syncHistoryKept: the newest epochs kept (one per start). A device whose
	// epoch was pruned is answered reset, as for one this database never had.
	syncHistoryKept       = 100
	syncHistoryIdAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
)

// what a device may send as `history` (ours are 15 letters and digits; any
// other well-formed id is simply unknown and answered with a reset)
var syncHistoryParam = regexp.MustCompile(`^[A-Za-z0-9]{1,64}$`)

// syncHistoryStart: the counter as found when this process opened the
// database, and whether this opening has its epoch yet.
type syncHistoryStart struct {
	mu       sync.Mutex
	openedAt int64
	started  bool
}

func registerSyncHistory(app core.App) {
	start := &syncHistoryStart{}

	// Once the database is open, before the app's migrations run (they run when
	// a command serves or migrates): the counter as the data folder held it.
	// The epoch starts here when its table exists already, so writes of the
	// migrations and of the start belong to the new epoch.
	app.OnBootstrap().Bind(&hook.Handler[*core.BootstrapEvent]{
		Func: func(e *core.BootstrapEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			start.mu.Lock()
			defer start.mu.Unlock()
			start.openedAt = syncCounterValue(e.App)
			start.started = false
			if syncHistoryExists(e.App) {
				if err := startSyncEpoch(e.App, start.openedAt); err != nil {
					e.App.Logger().Error("sync: a new history epoch could not be started at bootstrap", "error", err)
				} else {
					start.started = true
				}
			}
			return nil
		},
	})

	// Migrations have run (the table exists now): a database opened before its
	// table existed starts its epoch here, before the server takes requests.
	// A server that cannot record its epoch does not serve devices.
	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		start.mu.Lock()
		defer start.mu.Unlock()
		if !start.started {
			if err := startSyncEpoch(e.App, start.openedAt); err != nil {
				return fmt.Errorf("Refusing to start: sync: the history epoch could not be recorded: %w", err)
			}
			start.started = true
		}
		return e.Next()
	})

	// A restore from the dashboard or the backup API ends in a restart, which
	// never returns here; when it returns, the process still runs on whatever
	// data folder PocketBase left, so it starts another epoch from that
	// database's counter (at worst devices refill once).
	app.OnBackupRestore().BindFunc(func(e *core.BackupEvent) error {
		err := e.Next()
		if startErr := startSyncEpoch(e.App, syncCounterValue(e.App)); startErr != nil {
			e.App.Logger().Error("sync: a new history epoch could not be started after a restore", "error", startErr)
		}
		return err
	})
}

func syncCounterValue(app core.App) int64 {
	var value int64
	if err := app.NonconcurrentDB().NewQuery("SELECT value FROM sync_counter WHERE id = 1").Row(&value); err != nil {
		return 0 // no sequence yet: a new database
	}
	return value
}

func syncHistoryExists(app core.App) bool {
	var n int
	err := app.NonconcurrentDB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = {:name}").
		Bind(dbx.Params{"name": syncHistoryTable}).Row(&n)
	return err == nil && n > 0
}

// startSyncEpoch appends an epoch beginning after `startedAfter` and keeps the newest syncHistoryKept.
func startSyncEpoch(app core.App, startedAfter int64) error {
	return app.RunInTransaction(func(tx core.App) error {
		id := security.RandomStringWithAlphabet(15, syncHistoryIdAlphabet)
		if _, err := tx.DB().NewQuery("INSERT INTO sync_history (id, started_after, created) VALUES ({:id}, {:after}, {:created})").
			Bind(dbx.Params{"id": id, "after": startedAfter, "created": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
			return err
		}
		_, err := tx.DB().NewQuery("DELETE FROM sync_history WHERE seq <= (SELECT MAX(seq) FROM sync_history) - {:kept}").
			Bind(dbx.Params{"kept": syncHistoryKept}).Execute()
		return err
	})
}

// syncHistoryVerdict: the current epoch, and whether a device's checkpoint
// `after`, taken in epoch `device` ("" = an app from before the history, which
// keeps the old rules), belongs to another history than this database's.
func syncHistoryVerdict(tx *dbx.Tx, device string, after int64) (current string, stale bool, err error) {
	var currentSeq int64
	if err := tx.NewQuery("SELECT seq, id FROM sync_history ORDER BY seq DESC LIMIT 1").Row(&currentSeq, &current); err != nil {
		return "", false, fmt.Errorf("sync: the history could not be read: %w", err)
	}
	if device == "" || device == current || after == 0 {
		return current, false, nil
	}
	var seq int64
	err = tx.NewQuery("SELECT seq FROM sync_history WHERE id = {:id}").Bind(dbx.Params{"id": device}).Row(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return current, true, nil // another database's epoch, or one pruned
	}
	if err != nil {
		return "", false, err
	}
	// The device's epoch ended, in this database, where the next one began.
	var endedAt int64
	if err := tx.NewQuery("SELECT started_after FROM sync_history WHERE seq > {:seq} ORDER BY seq LIMIT 1").
		Bind(dbx.Params{"seq": seq}).Row(&endedAt); err != nil {
		return "", false, err
	}
	return current, after > endedAt, nil
}
