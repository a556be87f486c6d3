/// <reference path="../pb_data/types.d.ts" />
// GET /api/masterclass/landing (public): the featured masterclass as the
// landing page's hero shows it (its facts, price, seats left and words); the
// server puts it into the HTML of `/` (pocketbase/landing.go). Logic:
// lib/events/landing.js.

routerAdd("GET", "/api/masterclass/landing", (e) => require(`${__hooks}/lib/events/landing.js`).handleGetLanding(e));
