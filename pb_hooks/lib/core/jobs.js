/// <reference path="../../../pb_data/types.d.ts" />
// Background jobs (every cronAdd in pb_hooks/*.pb.js) run through runJob:
// - with the main app ($mainApp, bound by the server binary, pocketbase/main.go),
//   never the global $app: PocketBase's JS runtimes are pooled and, before
//   v0.39.8, a record hook left a runtime's $app bound to its transaction,
//   which a job run later on that runtime would use after its commit
//   (PocketBase now resets $app after each handler; $mainApp says which app
//   a job means whatever the version);
// - a failed run logs one error line naming the job and when it is retried;
// - every run is counted in job_runs (runs, failures, last start, finish,
//   success and failure, the last error), which administrators can read,
//   through $recordJobRun, the server binary's one writer of job_runs.

/**
 * Counts one run of the job in job_runs; a fault here is logged, never thrown.
 * $recordJobRun (pocketbase/jobruns.go, bound by the server binary) holds the
 * one statement that counts a run, which the backups (written in Go) use too:
 * a JS job and a backup are counted the same way.
 */
function recordRun(app, jobId, retry, started, error) {
  try {
    $recordJobRun(app, jobId, retry, started.getTime(), error ? error.slice(0, 2000) : "");
  } catch (fault) {
    app.logger().error("Background job run not recorded", "job", jobId, "error", require(`${__hooks}/lib/core/errors.js`).describeError(fault));
  }
}

/**
 * Runs one background job with the main app: its failure is logged (which job,
 * what failed, when it is tried again) and counted, never left unreported.
 * @param {string} jobId the cron job's id
 * @param {string} retry when the work is tried again, in words ("at the next run, within a minute")
 * @param {(app: core.App) => void} work
 */
function runJob(jobId, retry, work) {
  const app = $mainApp;
  const started = new Date();
  let error = "";
  try {
    work(app);
  } catch (fault) {
    error = require(`${__hooks}/lib/core/errors.js`).describeError(fault);
    app.logger().error("Background job failed", "job", jobId, "retry", retry, "error", error);
  }
  recordRun(app, jobId, retry, started, error);
}

/** When each schedule's work is tried again, in the words the log and job_runs use. */
const RETRY = {
  everyMinute: "at the next run, within a minute",
  everyFiveMinutes: "at the next run, within five minutes",
  daily: "at the next daily run",
};

module.exports = { runJob, RETRY };
