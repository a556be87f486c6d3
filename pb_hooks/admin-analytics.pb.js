/// <reference path="../pb_data/types.d.ts" />
// GET /api/masterclass/admin/analytics[?event=id] — one masterclass's figures
// for the admin overview (the featured one unless `event` names another;
// administrators only; lib/admin/analytics.js).

routerAdd(
  "GET",
  "/api/masterclass/admin/analytics",
  (e) => require(`${__hooks}/lib/admin/analytics.js`).handleAnalytics(e),
  $apis.requireAuth(),
);
