/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/admin/health (administrators only): the state of the
// machinery for the admin overview's System health section, in one answer.
// Every figure is read from what the server itself recorded; nothing is
// estimated:
// - emails: the outbox (lib/email/outbox.js): waiting (queued), of those
//   retrying after a failed attempt, the oldest waiting, failed for good in
//   the last FAILED_DAYS days and the last such failure's error;
// - refunds: payment_actions (lib/checkout/payment-actions.js) still being
//   made (pending), and failed for good in the last FAILED_DAYS days;
// - offers: waitlist seat offers open now and the soonest to expire;
// - jobs: every background job the scheduler runs (its schedule) with what
//   job_runs recorded (lib/core/jobs.js): runs, failures, last run, last
//   success, last failure and its error;
// - backups: PocketBase's own backups (the backups filesystem: local
//   pb_data/backups or S3 as configured): the newest and its size, how many,
//   the schedule, and whether one is being made now; when the storage cannot
//   be read, the reason, never a guessed figure; and the last backup run,
//   good one and failed one as the server recorded them (backup_runs,
//   lib/backups/runs.js; its job_runs row is the "backup" job);
// - alerts: when administrators were last emailed about each kind
//   (lib/email/alerts.js).

const FAILED_DAYS = 7;
const ERROR_MAX = 300;

/** What each background job does, in the overview's words (the id otherwise). */
const JOB_LABELS = {
  masterclass_email_retry: "Email delivery",
  masterclass_payment_actions: "Refunds to Stripe",
  masterclass_health_alerts: "Administrator alerts",
  backup: "Backups",
  replication: "Database replication",
  alertWebhook: "Alert webhook",
  expireLapsedHolds: "Lapsed checkout holds",
  waitlistOffers: "Waitlist seat offers",
  salesOpenNotices: "Sales-open emails",
  invitationResends: "Account invitation resends",
  signInLinks: "Emailed sign-in links",
  releaseUnlockedMaterials: "Session materials release",
  pruneRateLimitCounters: "Rate limit clean-up",
  pruneTombstones: "Deletion records clean-up",
  accountDataRetention: "Account data retention",
};

function scalar(app, sql, params) {
  const row = new DynamicModel({ value: 0 });
  app.db().newQuery(sql).bind(params || {}).one(row);
  return row.value;
}

/** One text value: `sql` selects one column of at most one row ("" when there is none). */
function text(app, sql, params) {
  const row = new DynamicModel({ value: "" });
  app.db().newQuery(`SELECT COALESCE((${sql}), '') AS value`).bind(params || {}).one(row);
  return row.value;
}

function since(days) {
  return require(`${__hooks}/lib/core/db-date.js`).dbDate(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
}

const clip = (value) => String(value || "").slice(0, ERROR_MAX);

function emails(app) {
  const params = { since: since(FAILED_DAYS) };
  const lastFailure = text(app, "SELECT last_error FROM emails WHERE status = 'failed' AND updated >= {:since} ORDER BY updated DESC LIMIT 1", params);
  return {
    smtp: !!app.settings().smtp.enabled,
    // in production, mail kept in the outbox (no SMTP) reaches nobody
    production: require(`${__hooks}/lib/core/app-env.js`).isProduction(),
    waiting: scalar(app, "SELECT COUNT(*) AS value FROM emails WHERE status = 'queued'"),
    retrying: scalar(app, "SELECT COUNT(*) AS value FROM emails WHERE status = 'queued' AND attempts > 0"),
    oldestWaitingAt: text(app, "SELECT MIN(created) FROM emails WHERE status = 'queued'"),
    failed: scalar(app, "SELECT COUNT(*) AS value FROM emails WHERE status = 'failed' AND updated >= {:since}", params),
    lastFailedAt: text(app, "SELECT MAX(updated) FROM emails WHERE status = 'failed' AND updated >= {:since}", params),
    lastError: clip(lastFailure || text(app, "SELECT last_error FROM emails WHERE status = 'queued' AND attempts > 0 ORDER BY updated DESC LIMIT 1")),
    failedDays: FAILED_DAYS,
  };
}

function refunds(app) {
  const params = { since: since(FAILED_DAYS) };
  return {
    waiting: scalar(app, "SELECT COUNT(*) AS value FROM payment_actions WHERE kind = 'refund' AND status = 'pending'"),
    oldestWaitingAt: text(app, "SELECT MIN(created) FROM payment_actions WHERE kind = 'refund' AND status = 'pending'"),
    failed: scalar(app, "SELECT COUNT(*) AS value FROM payment_actions WHERE kind = 'refund' AND status = 'failed' AND updated >= {:since}", params),
    lastFailedAt: text(app, "SELECT MAX(updated) FROM payment_actions WHERE kind = 'refund' AND status = 'failed' AND updated >= {:since}", params),
    lastError: clip(text(app, "SELECT last_error FROM payment_actions WHERE kind = 'refund' AND status = 'failed' AND updated >= {:since} ORDER BY updated DESC LIMIT 1", params)),
    failedDays: FAILED_DAYS,
  };
}

function offers(app) {
  return {
    open: scalar(app, "SELECT COUNT(*) AS value FROM waitlist_offers WHERE status = 'open'"),
    nextExpiresAt: text(app, "SELECT MIN(expires_at) FROM waitlist_offers WHERE status = 'open' AND expires_at != ''"),
  };
}

/** The scheduler's jobs (PocketBase's own, named __pb…__, left out) and every job that recorded a run. */
function jobs(app) {
  const schedules = {};
  app.cron().jobs().forEach((job) => {
    const id = job.id();
    if (!id.startsWith("__pb")) schedules[id] = job.expression();
  });
  // backups run on PocketBase's own schedule (BACKUP_CRON) and record their runs as "backup"
  schedules.backup = app.settings().backups.cron || "";
  const rows = arrayOf(new DynamicModel({
    job: "", runs: 0, failures: 0, last_started_at: "", last_finished_at: "", last_ok_at: "", last_failed_at: "", last_error: "", retry: "",
  }));
  app.db().newQuery("SELECT job, runs, failures, last_started_at, last_finished_at, last_ok_at, last_failed_at, last_error, retry FROM job_runs").all(rows);
  const recorded = {};
  rows.forEach((row) => (recorded[row.job] = row));
  const ids = Object.keys(Object.assign({}, schedules, recorded));
  return ids
    .map((id) => {
      const row = recorded[id];
      return {
        id,
        label: JOB_LABELS[id] || id,
        schedule: schedules[id] || "",
        runs: row ? row.runs : 0,
        failures: row ? row.failures : 0,
        lastStartedAt: row ? row.last_started_at : "",
        lastFinishedAt: row ? row.last_finished_at : "",
        lastOkAt: row ? row.last_ok_at : "",
        lastFailedAt: row ? row.last_failed_at : "",
        lastError: row ? clip(row.last_error) : "",
        retry: row ? row.retry : "",
        // its latest run failed (a success since then clears it)
        failing: !!row && !!row.last_failed_at && row.last_failed_at >= (row.last_ok_at || ""),
      };
    })
    .sort((a, b) => Number(b.failing) - Number(a.failing) || a.label.localeCompare(b.label));
}

/** Go's time.Time as a stored date ("" for the zero time). */
function storedTime(time) {
  const millis = time && typeof time.unixMilli === "function" ? time.unixMilli() : 0;
  return millis > 0 ? require(`${__hooks}/lib/core/db-date.js`).dbDate(new Date(millis)) : "";
}

function backups(app) {
  const settings = app.settings().backups;
  const answer = {
    schedule: settings.cron || "",
    keep: settings.cronMaxKeep || 0,
    storage: settings.s3 && settings.s3.enabled ? "s3" : "local",
    inProgress: app.store().has("@activeBackup"),
    count: 0,
    latest: null,
    error: "",
    lastRun: null,
    lastOkRun: null,
    lastFailedRun: null,
  };
  let fsys = null;
  try {
    fsys = app.newBackupsFilesystem();
    const files = fsys.list("");
    answer.count = files.length;
    let latest = null;
    files.forEach((file) => {
      const modified = storedTime(file.modTime);
      if (!latest || modified > latest.modifiedAt) latest = { key: file.key, size: file.size, modifiedAt: modified };
    });
    answer.latest = latest;
  } catch (error) {
    answer.error = clip(require(`${__hooks}/lib/core/errors.js`).describeError(error));
  } finally {
    if (fsys) {
      try {
        fsys.close();
      } catch {
        // nothing left to release
      }
    }
  }
  const runs = require(`${__hooks}/lib/backups/runs.js`).lastBackupRuns(app);
  answer.lastRun = runs.last;
  answer.lastOkRun = runs.lastOk;
  answer.lastFailedRun = runs.lastFailed;
  return answer;
}

/**
 * API requests now (pocketbase/admission.go): how many may run at once, how
 * many run besides this one, how many wait for their turn, and how many were
 * answered "very busy" after waiting too long since the server started.
 */
function requests() {
  const figures = $apiRequests();
  return {
    limit: Number(figures.limit),
    running: Math.max(0, Number(figures.running) - 1),
    waiting: Number(figures.waiting),
    turnedAway: Number(figures.turnedAway),
    since: String(figures.since),
  };
}

function alerts(app) {
  const { ALERT_KINDS, lastAlertAt } = require(`${__hooks}/lib/email/alerts.js`);
  return ALERT_KINDS.map((kind) => ({ kind, lastSentAt: lastAlertAt(app, kind) }));
}

/** @param {core.App} app */
function healthFigures(app) {
  return {
    emails: emails(app),
    refunds: refunds(app),
    offers: offers(app),
    jobs: jobs(app),
    backups: backups(app),
    alerts: alerts(app),
    requests: requests(),
    generatedAt: require(`${__hooks}/lib/core/db-date.js`).dbNow(),
  };
}

/** @param {core.RequestEvent} e */
function handleHealth(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, {
      signIn: "Please sign in as an administrator to see the system health.",
      forbidden: "Only administrators can see the system health.",
    });
    return e.json(200, healthFigures(e.app));
  });
}

module.exports = { FAILED_DAYS, JOB_LABELS, healthFigures, handleHealth };
