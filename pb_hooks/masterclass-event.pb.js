/// <reference path="../pb_data/types.d.ts" />
// GET /api/masterclass/event (public): the event's facts, price, sales state
// and seats left. Logic: lib/event-summary.js.

routerAdd("GET", "/api/masterclass/event", (e) => require(`${__hooks}/lib/event-summary.js`).handleGetEvent(e));
