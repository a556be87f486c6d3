/// <reference path="../pb_data/types.d.ts" />
// Cron, every minute: pending paid registrations whose 30-minute checkout hold
// lapsed become `expired` and free their seats. Logic: lib/checkout/fulfilment.js.

cronAdd("expireLapsedHolds", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("expireLapsedHolds", RETRY.everyMinute, (app) => require(`${__hooks}/lib/checkout/fulfilment.js`).expireLapsedHolds(app));
});
