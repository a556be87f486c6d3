/// <reference path="../pb_data/types.d.ts" />
// Sales that open at a set time (events.sales_open_at): every minute, the
// people waiting for a masterclass whose sales have just opened are told once
// (lib/waitlist/sales-open.js).

cronAdd("salesOpenNotices", "* * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob("salesOpenNotices", RETRY.everyMinute, (app) => require(`${__hooks}/lib/waitlist/sales-open.js`).runScheduled(app));
});
