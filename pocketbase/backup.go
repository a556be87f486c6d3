// Backups (docs/backups.md): PocketBase's own backups, configured from the
// environment on every start, a backup before any migration runs, and a
// record of every backup run that administrators can read.
//
//   - BACKUP_CRON, BACKUP_KEEP and BACKUP_S3_* are written into the app's
//     backup settings on every boot (the dashboard shows them; the environment
//     wins at the next start). A half-set S3 configuration stops the start with
//     the names of the missing variables; no value of a BACKUP_S3_* variable is
//     ever printed or logged.
//   - Before a command that applies migrations (serve, migrate up/down) touches
//     a database holding the product's data, the data folder is archived as
//     pre-migrate-<UTC time>.zip (the same zip PocketBase makes), before even
//     PocketBase's own system migrations run at bootstrap; with S3 set it is
//     uploaded there once the settings are loaded. A fresh database (no product
//     migration applied yet) is not backed up.
//   - Every backup (scheduled, before migrations, made in the dashboard) is
//     recorded: one row in backup_runs (name, kind, ok, size, time, where, the
//     error and what retries it) and the "backup" row of job_runs, which the
//     background jobs share. A failure is logged with the backup's name and
//     what tries again.
package main

import (
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/archive"
	"github.com/pocketbase/pocketbase/tools/cron"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/hook"
)

const (
	backupDefaultKeep   = 7
	backupMaxKeep       = 1000
	preMigratePrefix    = "pre-migrate-"
	scheduledPrefix     = "@auto_pb_backup_" // PocketBase's name for its scheduled backups
	backupRunsKept      = 500                // backup_runs rows kept (the newest)
	backupRunsTable     = "backup_runs"
	backupJobID         = "backup"
	backupKindScheduled = "scheduled"
	backupKindPre       = "pre_migration"
	backupKindManual    = "manual"
)

// The data folder entries a backup leaves out, as PocketBase's own CreateBackup does.
var backupExcludes = []string{
	core.LocalBackupsDirName, core.LocalTempDirName, core.LocalNotifyDirName, core.LocalAutocertCacheDirName, "lost+found",
}

// backupEnv: the backup settings the environment asks for.
type backupEnv struct {
	Cron string
	Keep int
	S3   core.S3Config
}

var s3Vars = []string{"BACKUP_S3_ENDPOINT", "BACKUP_S3_BUCKET", "BACKUP_S3_REGION", "BACKUP_S3_ACCESS_KEY", "BACKUP_S3_SECRET"}

// backupEnvFromOS reads BACKUP_*; a mistake is an error naming the variable
// (never its value, except the schedule and the retention, which are no secret).
func backupEnvFromOS() (backupEnv, error) {
	cfg := backupEnv{Cron: strings.TrimSpace(os.Getenv("BACKUP_CRON")), Keep: backupDefaultKeep}
	if cfg.Cron != "" {
		if _, err := cron.NewSchedule(cfg.Cron); err != nil {
			return cfg, fmt.Errorf("BACKUP_CRON must be a cron expression in UTC such as \"0 3 * * *\" (every day at 03:00), or empty for no schedule; got %q: %v", cfg.Cron, err)
		}
	}
	if raw := strings.TrimSpace(os.Getenv("BACKUP_KEEP")); raw != "" {
		keep, err := strconv.Atoi(raw)
		if err != nil || keep < 1 || keep > backupMaxKeep {
			return cfg, fmt.Errorf("BACKUP_KEEP must be a whole number of backups to keep, from 1 to %d; got %q", backupMaxKeep, raw)
		}
		cfg.Keep = keep
	}

	values := map[string]string{}
	var set, missing []string
	for _, name := range s3Vars {
		values[name] = strings.TrimSpace(os.Getenv(name))
		if values[name] == "" {
			missing = append(missing, name)
		} else {
			set = append(set, name)
		}
	}
	forcePathStyle := false
	if raw := strings.ToLower(strings.TrimSpace(os.Getenv("BACKUP_S3_FORCE_PATH_STYLE"))); raw != "" {
		switch raw {
		case "1", "true", "yes", "on":
			forcePathStyle = true
		case "0", "false", "no", "off":
		default:
			return cfg, errors.New("BACKUP_S3_FORCE_PATH_STYLE must be true or false")
		}
	}
	if len(set) == 0 {
		return cfg, nil // backups stay in the data folder (pb_data/backups)
	}
	if len(missing) > 0 {
		return cfg, fmt.Errorf(
			"the S3 storage for backups is half set: %s %s set but %s %s missing. Set all of %s, or none of them to keep backups in the data folder",
			strings.Join(set, ", "), isAre(len(set)), strings.Join(missing, ", "), isAre(len(missing)), strings.Join(s3Vars, ", "),
		)
	}
	endpoint, err := url.Parse(values["BACKUP_S3_ENDPOINT"])
	if err != nil || (endpoint.Scheme != "https" && endpoint.Scheme != "http") || endpoint.Host == "" {
		return cfg, errors.New("BACKUP_S3_ENDPOINT must be the storage's address starting with https:// (or http:// on a private network), such as https://s3.ap-southeast-2.amazonaws.com")
	}
	cfg.S3 = core.S3Config{
		Enabled:        true,
		Endpoint:       values["BACKUP_S3_ENDPOINT"],
		Bucket:         values["BACKUP_S3_BUCKET"],
		Region:         values["BACKUP_S3_REGION"],
		AccessKey:      values["BACKUP_S3_ACCESS_KEY"],
		Secret:         values["BACKUP_S3_SECRET"],
		ForcePathStyle: forcePathStyle,
	}
	return cfg, nil
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// where says where backups go, without any secret.
func (cfg backupEnv) where() string {
	if cfg.S3.Enabled {
		return fmt.Sprintf("S3 bucket %q at %s", cfg.S3.Bucket, cfg.S3.Endpoint)
	}
	return "the data folder's backups/ (no S3 bucket set)"
}

func (cfg backupEnv) storage() string {
	if cfg.S3.Enabled {
		return "s3"
	}
	return "local"
}

// backupRun: one backup, as backup_runs and job_runs record it.
type backupRun struct {
	Name     string
	Kind     string
	Started  time.Time
	Duration time.Duration
	Size     int64
	Storage  string
	Err      string
	Retry    string
}

// The pre-migration backup's run waits here until its tables exist (the
// migrations that make them may be the ones it was taken before).
var (
	pendingRunsMu sync.Mutex
	pendingRuns   []backupRun
)

func registerBackups(app *pocketbase.PocketBase) {
	var cfg backupEnv

	app.OnBootstrap().Bind(&hook.Handler[*core.BootstrapEvent]{
		Id: "masterclassBackups",
		// first of all bootstrap handlers, so the pre-migration archive is
		// made before PocketBase opens the database and runs its own migrations
		Priority: -1000,
		Func: func(e *core.BootstrapEvent) error {
			var err error
			if cfg, err = backupEnvFromOS(); err != nil {
				return fmt.Errorf("Refusing to start: backups: %w", err)
			}

			var pre *backupRun
			var preStarted time.Time
			if mode := migrationMode(app); mode != "" {
				preStarted = time.Now()
				pre, err = archiveBeforeMigrations(e.App.DataDir(), mode)
				if err != nil {
					return fmt.Errorf("Refusing to migrate: the backup before the migrations could not be made (%v). Free disk space in %s, or move the data folder to a larger disk, and start again", err, e.App.DataDir())
				}
			}

			if err := e.Next(); err != nil {
				return err
			}

			settings := e.App.Settings()
			settings.Backups.Cron = cfg.Cron
			settings.Backups.CronMaxKeep = cfg.Keep
			settings.Backups.S3 = cfg.S3
			if err := e.App.Save(settings); err != nil {
				return fmt.Errorf("Refusing to start: backups: the settings from BACKUP_* were not accepted: %v", err)
			}

			if pre != nil {
				pre.Started = preStarted
				finishPreMigrationBackup(e.App, cfg, pre)
			}
			return nil
		},
	})

	app.OnServe().BindFunc(func(e *core.ServeEvent) error {
		flushPendingRuns(e.App)
		if cfg.Cron != "" {
			fmt.Printf("Backups: on the schedule %q (UTC) to %s, keeping the newest %d, and before migrations\n", cfg.Cron, cfg.where(), cfg.Keep)
		} else {
			fmt.Printf("Backups: no schedule (BACKUP_CRON is unset); only before migrations, to %s\n", cfg.where())
		}
		return e.Next()
	})

	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		flushPendingRuns(e.App) // `migrate up` ends without serving
		return e.Next()
	})

	// every backup PocketBase makes (the schedule, the dashboard, the API) is recorded
	app.OnBackupCreate().BindFunc(func(e *core.BackupEvent) error {
		started := time.Now()
		err := e.Next()
		run := backupRun{Name: e.Name, Kind: backupKind(e.Name), Started: started, Duration: time.Since(started), Storage: cfg.storage()}
		if err != nil {
			run.Err = err.Error()
			run.Retry = retryFor(run.Kind, cfg.Cron, time.Now())
		} else if fsys, fsErr := e.App.NewBackupsFilesystem(); fsErr == nil {
			if attrs, attrErr := fsys.Attributes(e.Name); attrErr == nil {
				run.Size = attrs.Size
			}
			fsys.Close()
		}
		recordBackupRun(e.App, run)
		return err
	})
}

func backupKind(name string) string {
	switch {
	case strings.HasPrefix(name, scheduledPrefix):
		return backupKindScheduled
	case strings.HasPrefix(name, preMigratePrefix):
		return backupKindPre
	default:
		return backupKindManual
	}
}

// retryFor says what tries a failed backup again, in the words the log and the records use.
func retryFor(kind, schedule string, now time.Time) string {
	switch kind {
	case backupKindScheduled:
		if next, ok := nextRun(schedule, now); ok {
			return fmt.Sprintf("the next scheduled backup, at %s UTC", next.UTC().Format("2006-01-02 15:04"))
		}
		return "the next scheduled backup"
	case backupKindPre:
		return "not retried: the next start with migrations to apply makes a new one"
	default:
		return "not retried: make it again in the dashboard (Settings, Backups)"
	}
}

// nextRun: the first minute after now the schedule is due (within a year).
func nextRun(expr string, now time.Time) (time.Time, bool) {
	schedule, err := cron.NewSchedule(expr)
	if err != nil {
		return time.Time{}, false
	}
	t := now.UTC().Truncate(time.Minute).Add(time.Minute)
	for end := t.AddDate(1, 0, 1); t.Before(end); t = t.Add(time.Minute) {
		if schedule.IsDue(cron.NewMoment(t)) {
			return t, true
		}
	}
	return time.Time{}, false
}

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

func logBackupFailure(app core.App, run backupRun) {
	app.Logger().Error("Backup failed", "backup", run.Name, "kind", run.Kind, "retry", run.Retry, "error", run.Err)
	log.Printf("Backup %s failed: %s. Retry: %s", run.Name, run.Err, run.Retry)
}

const jobRunsUpsert = `
INSERT INTO job_runs (id, job, runs, failures, last_started_at, last_finished_at, last_ok_at, last_failed_at, last_error, retry, created, updated)
VALUES ({:id}, {:job}, 1, {:failed}, {:started}, {:finished}, {:okAt}, {:failedAt}, {:error}, {:retry}, {:finished}, {:finished})
ON CONFLICT (job) DO UPDATE SET
  runs = runs + 1,
  failures = failures + excluded.failures,
  last_started_at = excluded.last_started_at,
  last_finished_at = excluded.last_finished_at,
  last_ok_at = CASE WHEN excluded.failures = 0 THEN excluded.last_ok_at ELSE last_ok_at END,
  last_failed_at = CASE WHEN excluded.failures = 1 THEN excluded.last_failed_at ELSE last_failed_at END,
  last_error = CASE WHEN excluded.failures = 1 THEN excluded.last_error ELSE last_error END,
  retry = excluded.retry,
  updated = excluded.updated`

func dbTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000Z")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// recordBackupRun writes the run to backup_runs and job_runs (a fault there is
// logged, never returned: the backup itself is done or already reported).
func recordBackupRun(app core.App, run backupRun) {
	if run.Err != "" && run.Kind != backupKindPre {
		logBackupFailure(app, run)
	}
	finished := run.Started.Add(run.Duration)
	failed, okAt, failedAt := 0, dbTime(finished), ""
	if run.Err != "" {
		failed, okAt, failedAt = 1, "", dbTime(finished)
	}
	if _, err := app.FindCollectionByNameOrId("job_runs"); err == nil {
		_, err := app.DB().NewQuery(jobRunsUpsert).Bind(dbx.Params{
			"id": core.GenerateDefaultRandomId(), "job": backupJobID, "failed": failed,
			"started": dbTime(run.Started), "finished": dbTime(finished), "okAt": okAt, "failedAt": failedAt,
			"error": clip(run.Err, 2000), "retry": clip(run.Retry, 200),
		}).Execute()
		if err != nil {
			app.Logger().Error("Backup run not recorded in job_runs", "backup", run.Name, "error", err.Error())
		}
	}
	collection, err := app.FindCollectionByNameOrId(backupRunsTable)
	if err != nil {
		app.Logger().Warn("Backup run not recorded: backup_runs does not exist yet", "backup", run.Name, "ok", run.Err == "")
		return
	}
	record := core.NewRecord(collection)
	record.Set("name", clip(run.Name, 200))
	record.Set("kind", run.Kind)
	record.Set("ok", run.Err == "")
	record.Set("size_bytes", run.Size)
	record.Set("started_at", dbTime(run.Started))
	record.Set("finished_at", dbTime(finished))
	record.Set("duration_ms", run.Duration.Milliseconds())
	record.Set("storage", run.Storage)
	record.Set("error", clip(run.Err, 2000))
	record.Set("retry", clip(run.Retry, 200))
	if err := app.Save(record); err != nil {
		app.Logger().Error("Backup run not recorded in backup_runs", "backup", run.Name, "error", err.Error())
		return
	}
	_, _ = app.DB().NewQuery(
		"DELETE FROM {{" + backupRunsTable + "}} WHERE id NOT IN (SELECT id FROM {{" + backupRunsTable + "}} ORDER BY started_at DESC, id DESC LIMIT " + strconv.Itoa(backupRunsKept) + ")",
	).Execute()
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
