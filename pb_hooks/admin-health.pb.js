/// <reference path="../pb_data/types.d.ts" />
// System health for administrators:
// - GET /api/masterclass/admin/health: the state of the machinery in one
//   answer for the admin overview (the outbox, refunds, seat offers, each
//   background job, the backups; lib/admin/health.js);
// - cron, every minute: emails the administrators when a refund failed for
//   good, mail keeps failing or a backup failed, at most once an hour per
//   kind (lib/email/alerts.js); superusers can run it now
//   (POST /api/crons/masterclass_health_alerts).

routerAdd(
  "GET",
  "/api/masterclass/admin/health",
  (e) => require(`${__hooks}/lib/admin/health.js`).handleHealth(e),
);

cronAdd("masterclass_health_alerts", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("masterclass_health_alerts", RETRY.everyMinute, (app) => require(`${__hooks}/lib/email/alerts.js`).checkAlerts(app));
});
