// The backup before migrations (docs/backups.md): before a command that
// applies migrations touches a database holding the product's data, the data
// folder is archived as pre-migrate-<UTC time>.zip, uploaded to S3 once the
// settings are loaded, and the oldest such archives beyond BACKUP_KEEP are
// removed. Its run is recorded once the tables exist (backup_runs.go).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// The data folder entries a backup leaves out, as PocketBase's own CreateBackup does.
var backupExcludes = []string{
	core.LocalBackupsDirName, core.LocalTempDirName, core.LocalNotifyDirName, core.LocalAutocertCacheDirName, "lost+found",
}

// The pre-migration backup's run waits here until its tables exist (the
// migrations that make them may be the ones it was taken before).
var (
	pendingRunsMu sync.Mutex
	pendingRuns   []backupRun
)

// migrationMode: "up" when the command applies pending migrations (serve,
// migrate, migrate up), "down" for migrate down, "system" for any other
// command that bootstraps (PocketBase applies its own migrations then).
func migrationMode(app *pocketbase.PocketBase) string {
	cmd, args, err := app.RootCmd.Find(os.Args[1:])
	if err != nil || cmd == nil || cmd == app.RootCmd {
		return ""
	}
	switch cmd.Name() {
	case "serve":
		return "up"
	case "migrate":
		sub := ""
		for _, arg := range args {
			if !strings.HasPrefix(arg, "-") {
				sub = arg
				break
			}
		}
		switch sub {
		case "", "up":
			return "up"
		case "down":
			return "down"
		}
	case "restore", "version", "help":
		return ""
	}
	return "system"
}

// archiveBeforeMigrations zips the data folder into pb_data/backups when the
// command will change a database that holds the product's data. It runs before
// PocketBase opens the database (no other connection is open).
func archiveBeforeMigrations(dataDir, mode string) (*backupRun, error) {
	pending, err := pendingMigrations(dataDir, mode)
	if err != nil || len(pending) == 0 {
		return nil, err
	}
	name := preMigratePrefix + time.Now().UTC().Format("20060102-150405") + ".zip"
	dir := filepath.Join(dataDir, core.LocalBackupsDirName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, name)
	started := time.Now()
	if err := archive.Create(dataDir, path, backupExcludes...); err != nil {
		_ = os.Remove(path)
		return nil, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	shown := pending
	if len(shown) > 3 {
		shown = append(shown[:3:3], "…")
	}
	fmt.Printf("Backup before %d migration(s) (%s): %s, %s\n", len(pending), strings.Join(shown, ", "), name, humanBytes(info.Size()))
	return &backupRun{Name: name, Kind: backupKindPre, Size: info.Size(), Duration: time.Since(started), Storage: "local"}, nil
}

// pendingMigrations lists what the command will apply (or revert), or nothing
// for a database without the product's data: none yet, or no product migration applied.
func pendingMigrations(dataDir, mode string) ([]string, error) {
	dbPath := filepath.Join(dataDir, "data.db")
	if info, err := os.Stat(dbPath); err != nil || info.Size() == 0 {
		return nil, nil
	}
	db, err := core.DefaultDBConnect(dbPath)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var files []string
	if err := db.NewQuery("SELECT file FROM {{" + core.DefaultMigrationsTable + "}}").Column(&files); err != nil {
		return nil, nil // no migrations table: nothing was ever applied
	}
	applied := make(map[string]bool, len(files))
	for _, file := range files {
		applied[file] = true
	}
	productData := false
	for _, m := range core.AppMigrations.Items() {
		if applied[m.File] {
			productData = true
			break
		}
	}
	if !productData {
		return nil, nil
	}
	var pending []string
	for _, m := range core.SystemMigrations.Items() {
		if !applied[m.File] {
			pending = append(pending, m.File)
		}
	}
	switch mode {
	case "up":
		for _, m := range core.AppMigrations.Items() {
			if !applied[m.File] {
				pending = append(pending, m.File)
			}
		}
	case "down":
		pending = append(pending, "reverting the last applied")
	}
	if len(pending) > 0 {
		// the archive then holds the whole database in data.db
		_, _ = db.NewQuery("PRAGMA wal_checkpoint(TRUNCATE)").Execute()
	}
	return pending, nil
}

// finishPreMigrationBackup uploads the archive to S3 when it is set (keeping
// the local copy if the upload fails), applies the retention and queues its record.
func finishPreMigrationBackup(app core.App, cfg backupEnv, run *backupRun) {
	localPath := filepath.Join(app.DataDir(), core.LocalBackupsDirName, run.Name)
	if cfg.S3.Enabled {
		uploadStarted := time.Now()
		err := uploadBackup(app, localPath, run.Name)
		run.Duration += time.Since(uploadStarted)
		if err != nil {
			run.Err = fmt.Sprintf("upload to S3 failed (%v); the backup is kept in the data folder at backups/%s", err, run.Name)
			run.Retry = retryFor(backupKindPre, cfg.Cron, time.Now())
		} else {
			run.Storage = "s3"
			_ = os.Remove(localPath)
		}
	}
	pruneBackups(app, preMigratePrefix, cfg.Keep)
	pendingRunsMu.Lock()
	pendingRuns = append(pendingRuns, *run)
	pendingRunsMu.Unlock()
	if run.Err != "" {
		logBackupFailure(app, *run)
	}
}

func uploadBackup(app core.App, localPath, name string) error {
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	file, err := filesystem.NewFileFromPath(localPath)
	if err != nil {
		return err
	}
	file.Name, file.OriginalName = name, name
	return fsys.UploadFile(file, name)
}

// pruneBackups keeps the newest `keep` backups whose names start with prefix
// (PocketBase's own schedule prunes its scheduled backups by BACKUP_KEEP).
func pruneBackups(app core.App, prefix string, keep int) {
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		return
	}
	defer fsys.Close()
	files, err := fsys.List(prefix)
	if err != nil || len(files) <= keep {
		return
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Key > files[j].Key }) // names carry the UTC time
	for _, f := range files[keep:] {
		if err := fsys.Delete(f.Key); err != nil {
			app.Logger().Warn("Old backup not removed", "backup", f.Key, "error", err.Error())
		}
	}
}

func flushPendingRuns(app core.App) {
	pendingRunsMu.Lock()
	runs := pendingRuns
	pendingRuns = nil
	pendingRunsMu.Unlock()
	for _, run := range runs {
		recordBackupRun(app, run)
	}
}
