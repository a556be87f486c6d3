/// <reference path="../pb_data/types.d.ts" />
// Abuse limits (lib/core/limits.js, README "Security"): a cron job every five
// minutes drops rate-limit counters whose window has ended and accounts'
// sign-in waits whose failures are forgotten, so the shared store never grows
// with every address or email ever seen.

cronAdd("pruneRateLimitCounters", "*/5 * * * *", () => {
  const { runJob, RETRY } = require(`${__hooks}/lib/core/jobs.js`);
  runJob(
    "pruneRateLimitCounters",
    RETRY.everyFiveMinutes,
    (app) =>
      require(`${__hooks}/lib/core/rate-limit.js`).pruneEndedWindows(app) +
      require(`${__hooks}/lib/accounts/sign-in-limits.js`).pruneAccountWaits(app),
  );
});
