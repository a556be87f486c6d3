/// <reference path="../../../pb_data/types.d.ts" />
// Emails to administrators when the machinery needs a person
// (notifyAdministrators), sent through the outbox like every other email
// (lib/email/outbox.js), template `admin_alert_<kind>`:
// - refund_failed: a refund failed for good (Stripe kept refusing it);
// - mail_failing: mail keeps failing: the last ALERT_MAIL_FAILURES_IN_ROW
//   delivery attempts all failed, or an email has waited longer than
//   ALERT_MAIL_BACKLOG_MINUTES (only with SMTP configured);
// - backup_failed: a backup could not be made or stored;
// - replication_failed: the continuous replication of the database
//   (pocketbase/replication.go, its "replication" row of job_runs) is failing.
// With ALERT_WEBHOOK_URL set, each alert is also POSTed there as JSON
// (lib/email/alert-webhook.js), which does not depend on mail working.
// The alerts job (checkAlerts, every minute) looks for refunds failed for
// good, failing mail and failed backups (backup_runs, which the server writes
// for every backup: the schedule's, the one before migrations, the
// dashboard's; pocketbase/backup.go). Other code may call
// notifyAdministrators(app, kind, details) itself.
// Never more than one alert of a kind an hour (ALERT_INTERVAL_MINUTES), and
// never a second one while the previous one of its kind still waits in the
// outbox: with the mail server down, alerts do not pile up behind it; the one
// waiting goes out when mail works again, and the overview's System health
// shows the state meanwhile. Alert emails are left out of the counts that
// decide mail is failing, so an alert that cannot be delivered never causes
// another. Recipients: every user whose role is administrator; with none,
// the dashboard superusers, so an alert always has someone to go to.

const ALERT_KINDS = ["refund_failed", "mail_failing", "backup_failed", "replication_failed"];
const ALERT_TEMPLATE_PREFIX = "admin_alert_";
const ALERT_INTERVAL_MINUTES = 60;
const ITEMS_MAX = 10;
const ITEM_TEXT_MAX = 300;

/** Whole-number settings from the environment: the default when unset or not a whole number in range. */
const SETTINGS = {
  failuresInRow: { env: "ALERT_MAIL_FAILURES_IN_ROW", fallback: 5, min: 2, max: 1000 },
  backlogMinutes: { env: "ALERT_MAIL_BACKLOG_MINUTES", fallback: 30, min: 5, max: 1440 },
};

/**
 * @param {keyof typeof SETTINGS} name
 * @param {(name: string) => string | undefined} [getenv]
 */
function setting(name, getenv) {
  const { env, fallback, min, max } = SETTINGS[name];
  const raw = String((getenv || ((key) => $os.getenv(key)))(env) || "").trim();
  if (!/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

const templateOf = (kind) => `${ALERT_TEMPLATE_PREFIX}${kind}`;

function dates() {
  return require(`${__hooks}/lib/core/db-date.js`);
}

function minutesAgo(minutes) {
  return dates().dbDate(new Date(Date.now() - minutes * 60 * 1000));
}

function latestAlert(app, kind) {
  const found = app.findRecordsByFilter("emails", "template = {:template}", "-created", 1, 0, { template: templateOf(kind) });
  return found.length > 0 ? { status: found[0].getString("status"), created: found[0].getString("created") } : null;
}

/** When administrators were last emailed about `kind` ("" when never). */
function lastAlertAt(app, kind) {
  const latest = latestAlert(app, kind);
  return latest ? latest.created : "";
}

function recipients(app) {
  const administrators = app.findRecordsByFilter("users", "role = 'administrator'", "created", 0, 0);
  const found = administrators.length > 0 ? administrators : app.findAllRecords("_superusers");
  const seen = {};
  return found
    .map((record) => record.getString("email"))
    .filter((email) => {
      const key = email.toLowerCase();
      if (!email || seen[key]) return false;
      seen[key] = true;
      return true;
    });
}

const TEXTS = {
  refund_failed: {
    subject: "A refund failed and must be made by hand",
    heading: "A refund needs your attention",
    todo: "Make the refund in the Stripe dashboard: the registration is flagged for review, and a cancelled attendee has been told we will refund them by hand. The overview's System health shows every refund still waiting or failed.",
  },
  mail_failing: {
    subject: "Emails are not being delivered",
    heading: "Mail keeps failing",
    todo: "Check the mail server settings (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASSWORD, SMTP_TLS) and your mail provider's status. Waiting emails are retried on their own; resend any that failed for good from Admin → Emails once mail works again.",
  },
  backup_failed: {
    subject: "A backup failed",
    heading: "A backup could not be made",
    todo: "Check the backup storage (the S3 settings and credentials, or the disk space of the data folder), then make a backup again from the PocketBase dashboard (Settings → Backups) and check that it is listed.",
  },
  replication_failed: {
    subject: "The database is not being replicated",
    heading: "Replication is failing",
    todo: "Check the BACKUP_S3_* bucket (its address, credentials and free space) and the server's log (lines starting with Replication:). Until it works again, the recovery point is the last backup; make one now from the PocketBase dashboard (Settings → Backups).",
  },
};

function alertMessage(app, kind, details) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  const texts = TEXTS[kind];
  const items = (details.items || []).slice(0, ITEMS_MAX).map((item) => String(item).slice(0, ITEM_TEXT_MAX));
  const more = (details.items || []).length - items.length;
  const overview = `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/admin`;
  return layout.renderMessage(templateOf(kind), texts.subject, {
    preheader: String(details.summary || texts.heading).slice(0, 200),
    heading: texts.heading,
    greeting: "Hello,",
    paragraphs: [String(details.summary || texts.heading).slice(0, 1000), ...items, ...(more > 0 ? [`And ${more} more.`] : []), texts.todo],
    button: { label: "Open the Admin Dashboard", url: overview },
    closing: [`You receive this as an administrator. At most one email like this is sent an hour; the Admin Dashboard's System health shows the current state.`],
  });
}

/**
 * Emails every administrator about `kind` through the outbox, unless one of
 * that kind went in the last hour or still waits to be delivered. A fault
 * is logged, never thrown (an unknown kind, a programming error, throws).
 * @param {core.App} app (not a transaction's app)
 * @param {'refund_failed'|'mail_failing'|'backup_failed'|'replication_failed'} kind
 * @param {{summary: string, items?: string[]}} details what happened, in words; items: one line each (the first 10 are listed)
 * @returns {'queued'|'recent'|'no_recipients'|'error'}
 */
function notifyAdministrators(app, kind, details) {
  const { describeError } = require(`${__hooks}/lib/core/errors.js`);
  if (!TEXTS[kind]) throw new Error(`Unknown alert kind: ${kind}`);
  let outcome = "error";
  const queued = [];
  try {
    app.runInTransaction((txApp) => {
      const latest = latestAlert(txApp, kind);
      if (latest && (latest.status === "queued" || latest.created > minutesAgo(ALERT_INTERVAL_MINUTES))) {
        outcome = "recent";
        return;
      }
      const addresses = recipients(txApp);
      if (addresses.length === 0) {
        outcome = "no_recipients";
        return;
      }
      const message = alertMessage(txApp, kind, details || {});
      addresses.forEach((to) => {
        queued.push(require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, { to, ...message }).id);
      });
      outcome = "queued";
    });
  } catch (error) {
    app.logger().error("Administrator alert not queued", "kind", kind, "error", describeError(error));
    return "error";
  }
  if (outcome !== "error") alertWebhook(app, kind, details || {});
  if (outcome === "queued") {
    app.logger().warn("Administrators alerted", "kind", kind, "summary", String((details && details.summary) || ""), "recipients", queued.length);
    const delivery = require(`${__hooks}/lib/email/delivery.js`);
    queued.forEach((id) => {
      try {
        delivery.deliverEmail(app, id);
      } catch (error) {
        app.logger().error("Administrator alert not delivered yet; the email job retries it", "kind", kind, "error", describeError(error));
      }
    });
  } else if (outcome === "no_recipients") {
    app.logger().error("Administrator alert has nobody to go to", "kind", kind, "summary", String((details && details.summary) || ""));
  }
  return outcome;
}

/** The alert to ALERT_WEBHOOK_URL too (its own hourly limit): mail may be what failed. */
function alertWebhook(app, kind, details) {
  try {
    const items = (details.items || []).slice(0, ITEMS_MAX).map((item) => String(item).slice(0, ITEM_TEXT_MAX));
    const more = (details.items || []).length - items.length;
    require(`${__hooks}/lib/email/alert-webhook.js`).sendAlertWebhook(app, {
      kind,
      subject: TEXTS[kind].subject,
      summary: String(details.summary || TEXTS[kind].heading).slice(0, 1000),
      items: more > 0 ? [...items, `And ${more} more.`] : items,
      url: `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/admin`,
      app: app.settings().meta.appName || "AI Champions Masterclass",
      sentAt: new Date().toISOString(),
    }, ALERT_INTERVAL_MINUTES);
  } catch (error) {
    app.logger().error("Administrator alert not sent to the webhook", "kind", kind, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
  }
}

/** Refunds failed for good since the last refund alert (the last 7 days when there was none). */
function checkRefunds(app) {
  const since = lastAlertAt(app, "refund_failed") || minutesAgo(7 * 24 * 60);
  const failed = app.findRecordsByFilter("payment_actions", "kind = 'refund' && status = 'failed' && updated > {:since}", "-updated", 0, 0, { since });
  if (failed.length === 0) return "none";
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const items = failed.map((action) => {
    const amount = formatAmount(action.getInt("amount_cents"), action.getString("currency") || "AUD");
    const whose = action.getString("attendee") ? ` (attendee ${action.getString("attendee")})` : "";
    return `${amount} for registration ${action.getString("registration")}${whose}: ${action.getString("last_error") || "no reason recorded"}`;
  });
  const summary = failed.length === 1
    ? "A refund failed for good: Stripe refused it at every attempt, so it will not be made on its own."
    : `${failed.length} refunds failed for good: Stripe refused them at every attempt, so they will not be made on their own.`;
  return notifyAdministrators(app, "refund_failed", { summary, items });
}

const NOT_ALERTS = `template NOT LIKE '${ALERT_TEMPLATE_PREFIX}%'`;

/** The latest delivery attempts all failed: the failures newest first, or null. */
function failuresInRow(app, count) {
  const rows = arrayOf(new DynamicModel({ to: "", last_error: "", updated: "" }));
  app.db().newQuery(`
    SELECT "to", last_error, updated FROM emails
    WHERE ${NOT_ALERTS} AND (status IN ('sent', 'failed') OR (status = 'queued' AND attempts > 0))
    ORDER BY updated DESC LIMIT {:count}`).bind({ count }).all(rows);
  if (rows.length < count || rows.some((row) => !row.last_error)) return null;
  return rows;
}

/** Mail is failing: the last N attempts failed (one of them since the last mail alert), or an email waits too long. */
function checkMail(app) {
  if (!app.settings().smtp.enabled) return "none";
  const inRow = setting("failuresInRow");
  const backlogMinutes = setting("backlogMinutes");
  const lastAlert = lastAlertAt(app, "mail_failing");
  const failures = failuresInRow(app, inRow);
  if (failures && failures[0].updated > lastAlert) {
    return notifyAdministrators(app, "mail_failing", {
      summary: `The last ${inRow} attempts to deliver an email all failed. The latest error: ${failures[0].last_error}`,
      items: failures.map((row) => `${row.to}: ${row.last_error}`),
    });
  }
  const waiting = new DynamicModel({ count: 0, oldest: "" });
  app.db().newQuery(`SELECT COUNT(*) AS count, COALESCE(MIN(created), '') AS oldest FROM emails WHERE status = 'queued' AND ${NOT_ALERTS} AND created < {:before}`)
    .bind({ before: minutesAgo(backlogMinutes) }).one(waiting);
  if (waiting.count > 0) {
    return notifyAdministrators(app, "mail_failing", {
      summary: `${waiting.count} ${waiting.count === 1 ? "email has" : "emails have"} waited more than ${backlogMinutes} minutes to be delivered (the oldest since ${waiting.oldest} UTC).`,
    });
  }
  return "none";
}

/** Backups that failed since the last backup alert (by when they started; the last 7 days when there was none). */
function checkBackups(app) {
  if (!app.hasTable("backup_runs")) return "none";
  const since = lastAlertAt(app, "backup_failed") || minutesAgo(7 * 24 * 60);
  const failed = app.findRecordsByFilter("backup_runs", "ok = false && started_at > {:since}", "-started_at", 0, 0, { since });
  if (failed.length === 0) return "none";
  const items = failed.map((run) => {
    const retry = run.getString("retry") ? ` It is tried again ${run.getString("retry")}.` : "";
    return `${run.getString("name")} (started ${run.getString("started_at")} UTC, stored on ${run.getString("storage") === "s3" ? "S3" : "this server"}): ${run.getString("error") || "no reason recorded"}.${retry}`;
  });
  const summary = failed.length === 1 ? "A backup could not be made or stored." : `${failed.length} backups could not be made or stored.`;
  return notifyAdministrators(app, "backup_failed", { summary, items });
}

/** Replication failing now: its latest check failed (since the last replication alert). */
function checkReplication(app) {
  const row = new DynamicModel({ last_ok_at: "", last_failed_at: "", last_error: "" });
  try {
    app.db().newQuery("SELECT last_ok_at, last_failed_at, last_error FROM job_runs WHERE job = 'replication'").one(row);
  } catch {
    return "none"; // replication is off, or has not been checked yet
  }
  if (!row.last_failed_at || row.last_failed_at < (row.last_ok_at || "")) return "none";
  if (row.last_failed_at <= lastAlertAt(app, "replication_failed")) return "none";
  return notifyAdministrators(app, "replication_failed", {
    summary: `Changes to the database are not reaching the replica in the bucket (since ${row.last_failed_at} UTC). The latest error: ${row.last_error || "no reason recorded"}`,
  });
}

/** The alerts job: webhook alerts to try again, failed refunds, failing mail, failed backups, failing replication. @param {core.App} app */
function checkAlerts(app) {
  require(`${__hooks}/lib/email/alert-webhook.js`).retryPendingWebhooks(app, ALERT_KINDS);
  return { refunds: checkRefunds(app), mail: checkMail(app), backups: checkBackups(app), replication: checkReplication(app) };
}

module.exports = {
  ALERT_KINDS,
  ALERT_TEMPLATE_PREFIX,
  ALERT_INTERVAL_MINUTES,
  setting,
  lastAlertAt,
  notifyAdministrators,
  checkAlerts,
};
