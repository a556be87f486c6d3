// Backups (docs/backups.md): PocketBase's own backups, configured from the
// environment on every start, a backup before any migration runs, and a
// record of every backup run that administrators can read.
//
//   - BACKUP_CRON, BACKUP_KEEP and BACKUP_S3_* are written into the app's
//     backup settings on every boot (the dashboard shows them; the environment
//     wins at the next start). In production mode an unset BACKUP_CRON is a
//     backup every day at 03:00 UTC (BACKUP_CRON=off: none); the start's line
//     says when and where. A half-set S3 configuration stops the start with
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
//
// This file wires them into PocketBase; the work is by concern:
// backup_settings.go (BACKUP_* from the environment), backup_premigrate.go
// (the backup before migrations and its retention), backup_runs.go (recording
// each run in backup_runs and job_runs, through jobruns.go) and
// backup_restore.go (the `restore` command).
package main

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
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
		fmt.Println(cfg.scheduleLine(e.App.DataDir()))
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

// humanBytes: a backup's size as people read it (the pre-migration line, the restore's listing).
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
