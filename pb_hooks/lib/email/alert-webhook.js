/// <reference path="../../../pb_data/types.d.ts" />
// Alerts that do not depend on mail (docs/running-in-production.md, "Alerts"):
// with ALERT_WEBHOOK_URL set, every administrator alert (lib/email/alerts.js)
// is also POSTed there as JSON, straight from the server, so a failing mail
// server, a failing backup or a stopped replication reaches someone whatever
// is broken. The body carries the message under the names the usual receivers
// read: `text` (Slack, Microsoft Teams, Mattermost, Google Chat), `content`
// (Discord), `title` and `message` (ntfy's JSON, Gotify), and `topic` when the
// address has ?topic=… (ntfy: ALERT_WEBHOOK_URL=https://ntfy.sh/?topic=…);
// beside them the details for a receiver of one's own (kind, summary, items,
// url, app, sent_at).
// At most one of a kind an hour (ALERT_INTERVAL_MINUTES, as the emails). One
// that fails (no answer within 10 s, or not 2xx) is kept and tried again by
// the alerts job every minute for an hour; each attempt is counted in the
// "alertWebhook" row of job_runs, which the overview's System health shows.

const WEBHOOK_JOB = "alertWebhook";
const TIMEOUT_SECONDS = 10;
const RETRY_FOR_MINUTES = 60;
const STORE_PREFIX = "masterclassAlertWebhook:";

function webhookUrl() {
  const raw = String($os.getenv("ALERT_WEBHOOK_URL") || "").trim();
  return /^https?:\/\/[^\s]+$/i.test(raw) ? raw : "";
}

/** The ntfy topic named in the address (?topic=…), or "". */
function topicOf(url) {
  const match = /[?&]topic=([^&#]*)/.exec(url);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1].replace(/\+/g, " "));
  } catch {
    return "";
  }
}

/**
 * The JSON body for an alert.
 * @param {{kind: string, subject: string, summary: string, items: string[], url: string, app: string, sentAt: string}} alert
 * @param {string} url the webhook's address
 */
function payload(alert, url) {
  const lines = [alert.summary, ...alert.items.map((item) => `• ${item}`), alert.url].filter(Boolean);
  const text = `${alert.app}: ${alert.subject}\n${lines.join("\n")}`;
  const body = {
    text,
    content: text.slice(0, 2000),
    title: `${alert.app}: ${alert.subject}`,
    message: lines.join("\n"),
    kind: alert.kind,
    summary: alert.summary,
    items: alert.items,
    url: alert.url,
    app: alert.app,
    sent_at: alert.sentAt,
  };
  const topic = topicOf(url);
  if (topic) body.topic = topic;
  return body;
}

function store(app) {
  return app.store();
}

/** One POST; "" when it was answered 2xx, else why not. */
function post(url, body) {
  try {
    const response = $http.send({
      url,
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      timeout: TIMEOUT_SECONDS,
    });
    if (response.statusCode >= 200 && response.statusCode < 300) return "";
    return `the webhook answered ${response.statusCode}`;
  } catch (error) {
    return `the webhook could not be reached: ${require(`${__hooks}/lib/core/errors.js`).describeError(error)}`.slice(0, 500);
  }
}

function record(app, started, error) {
  try {
    $recordJobRun(app, WEBHOOK_JOB, error ? "by the alerts job, every minute for an hour" : "", started.getTime(), error);
  } catch (fault) {
    app.logger().error("Alert webhook run not recorded", "error", require(`${__hooks}/lib/core/errors.js`).describeError(fault));
  }
}

/** Sends one kept alert now; keeps it for another try when that fails (until an hour after it was made). */
function attempt(app, kind, entry) {
  const url = webhookUrl();
  if (!url) return "off";
  const started = new Date();
  const error = post(url, entry.body);
  record(app, started, error);
  if (!error) {
    store(app).set(`${STORE_PREFIX}sent:${kind}`, Date.now());
    store(app).remove(`${STORE_PREFIX}pending:${kind}`);
    return "sent";
  }
  app.logger().error("Administrator alert not delivered to the webhook", "kind", kind, "error", error);
  if (Date.now() - entry.madeAt < RETRY_FOR_MINUTES * 60 * 1000) store(app).set(`${STORE_PREFIX}pending:${kind}`, entry);
  else store(app).remove(`${STORE_PREFIX}pending:${kind}`);
  return "failed";
}

/**
 * Posts the alert to ALERT_WEBHOOK_URL unless one of its kind went in the last
 * `intervalMinutes` or one still waits to be tried again.
 * @returns {'off'|'recent'|'sent'|'failed'}
 */
function sendAlertWebhook(app, alert, intervalMinutes) {
  const url = webhookUrl();
  if (!url) return "off";
  const lastSent = Number(store(app).get(`${STORE_PREFIX}sent:${alert.kind}`) || 0);
  if (Date.now() - lastSent < intervalMinutes * 60 * 1000 || store(app).has(`${STORE_PREFIX}pending:${alert.kind}`)) return "recent";
  return attempt(app, alert.kind, { madeAt: Date.now(), body: payload(alert, url) });
}

/** The alerts job, first: tries again each kept alert. */
function retryPendingWebhooks(app, kinds) {
  kinds.forEach((kind) => {
    const entry = store(app).get(`${STORE_PREFIX}pending:${kind}`);
    if (entry) attempt(app, kind, entry);
  });
}

module.exports = { WEBHOOK_JOB, webhookUrl, payload, sendAlertWebhook, retryPendingWebhooks };
