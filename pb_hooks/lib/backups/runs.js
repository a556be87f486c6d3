/// <reference path="../../../pb_data/types.d.ts" />
// The backups the server made, as pocketbase/backup_runs.go records them in
// backup_runs (and in the "backup" row of job_runs): for the admin overview.

/** A backup_runs row as the overview shows it. */
function describe(record) {
  if (!record) return null;
  return {
    name: record.getString("name"),
    kind: record.getString("kind"), // scheduled | pre_migration | manual
    ok: record.getBool("ok"),
    sizeBytes: record.getInt("size_bytes"),
    startedAt: record.getString("started_at"),
    finishedAt: record.getString("finished_at"),
    durationMs: record.getInt("duration_ms"),
    storage: record.getString("storage"), // s3 | local
    error: record.getString("error"),
    retry: record.getString("retry"),
  };
}

function newest(app, filter) {
  try {
    const rows = app.findRecordsByFilter("backup_runs", filter, "-started_at,-id", 1, 0);
    return rows.length ? rows[0] : null;
  } catch {
    return null; // before the migration that makes backup_runs
  }
}

/**
 * The last backup run, the last good one and the last failed one (each null
 * when there is none), and the schedule the environment set.
 * @param {core.App} app
 */
function lastBackupRuns(app) {
  const settings = app.settings().backups;
  return {
    last: describe(newest(app, "id != ''")),
    lastOk: describe(newest(app, "ok = true")),
    lastFailed: describe(newest(app, "ok = false")),
    schedule: settings.cron,
    keep: settings.cronMaxKeep,
    storage: settings.s3.enabled ? "s3" : "local",
  };
}

module.exports = { lastBackupRuns };
