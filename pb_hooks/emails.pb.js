/// <reference path="../pb_data/types.d.ts" />
// The emails outbox: a cron job (every minute) retries the queued emails that
// are due, and every message PocketBase sends itself (password reset,
// verification, …) is put through the outbox too (onMailerSend), so it is
// captured without SMTP and retried with it. Superusers can run the cron now
// from the dashboard (POST /api/crons/masterclass_email_retry).
// Administrators read the outbox, so a message carrying a credential (reset,
// verification, one-time code, invitation link) is stored there redacted and
// delivered from its superuser-only copy in email_secrets.
// Logic: lib/email/delivery.js, lib/email/system-mails.js, lib/email/secrets.js.

cronAdd("masterclass_email_retry", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("masterclass_email_retry", RETRY.everyMinute, (app) => require(`${__hooks}/lib/email/delivery.js`).deliverDueEmails(app));
});

onMailerSend((e) => {
  require(`${__hooks}/lib/email/system-mails.js`).routeOutgoingMail(e);
});
