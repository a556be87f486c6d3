// job_runs (docs/architecture.md, "Background jobs"): one row per background
// job counting its runs and failures, which administrators read. It has two
// writers, the JS cron jobs (pb_hooks/lib/core/jobs.js) and the backups
// (backup_runs.go), and both go through recordJobRun, so the statement that
// counts a run is written once. The hooks reach it as $recordJobRun (bound in
// main.go, as $invoicePdf is): compiled into the binary, it needs no file
// found at run time and nothing extra in a release package, and the Go code
// recording a backup has no JS runtime to call into.
package main

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// jobRun: one run of a background job, as job_runs counts it.
type jobRun struct {
	Job      string
	Started  time.Time
	Finished time.Time
	Err      string // empty when the run succeeded; the caller keeps it within 2000 characters
	Retry    string // when the work is tried again, in words
}

// jobRunsUpsert adds the run to the job's row (made by its first run): runs
// and failures counted, the last start and finish, the last success or
// failure and its error, and when it retries.
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

// recordJobRun counts the run in job_runs; the caller logs an error it returns.
func recordJobRun(app core.App, run jobRun) error {
	failed, okAt, failedAt := 0, dbTime(run.Finished), ""
	if run.Err != "" {
		failed, okAt, failedAt = 1, "", dbTime(run.Finished)
	}
	_, err := app.DB().NewQuery(jobRunsUpsert).Bind(dbx.Params{
		"id": core.GenerateDefaultRandomId(), "job": run.Job, "failed": failed,
		"started": dbTime(run.Started), "finished": dbTime(run.Finished), "okAt": okAt, "failedAt": failedAt,
		"error": run.Err, "retry": run.Retry,
	}).Execute()
	return err
}

// recordJobRunFromHooks is $recordJobRun(app, job, retry, startedMs, error):
// a JS job's run, started at startedMs (Date.getTime()) and finished now. An
// error it returns is thrown in the hook.
func recordJobRunFromHooks(app core.App, job, retry string, startedMs int64, errText string) error {
	return recordJobRun(app, jobRun{Job: job, Started: time.UnixMilli(startedMs), Finished: time.Now(), Err: errText, Retry: retry})
}

// dbTime: a time as PocketBase stores dates ("2006-01-02 15:04:05.000Z").
func dbTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.000Z")
}
