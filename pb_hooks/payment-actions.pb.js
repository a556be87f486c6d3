/// <reference path="../pb_data/types.d.ts" />
// Cron, every minute: Stripe calls the server owes (refunds recorded in
// `payment_actions`) that failed right after their commit are retried with
// back-off until Stripe confirms; after the last attempt the action is
// `failed` and its registration flagged for an administrator. Superusers can
// run it now (POST /api/crons/masterclass_payment_actions).
// Logic: lib/checkout/payment-actions.js.

cronAdd("masterclass_payment_actions", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("masterclass_payment_actions", RETRY.everyMinute, (app) => require(`${__hooks}/lib/checkout/payment-actions.js`).runDueActions(app));
});
