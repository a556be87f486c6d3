// The record of every backup run (docs/backups.md): one row in backup_runs
// and the "backup" row of job_runs (jobruns.go), what kind of backup it was,
// what retries a failed one, and the failure's log line.
package main

import (
	"fmt"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/cron"
)

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

func logBackupFailure(app core.App, run backupRun) {
	app.Logger().Error("Backup failed", "backup", run.Name, "kind", run.Kind, "retry", run.Retry, "error", run.Err)
	log.Printf("Backup %s failed: %s. Retry: %s", run.Name, run.Err, run.Retry)
}

// clip keeps the first n bytes of s (the record's limits).
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
	if _, err := app.FindCollectionByNameOrId("job_runs"); err == nil {
		err := recordJobRun(app, jobRun{Job: backupJobID, Started: run.Started, Finished: finished, Err: clip(run.Err, 2000), Retry: clip(run.Retry, 200)})
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
