/// <reference path="../pb_data/types.d.ts" />
// GET /api/masterclass/event (public): the event's facts, price, sales state
// and seats left. Logic: lib/events/summary.js.

routerAdd("GET", "/api/masterclass/event", (e) => require(`${__hooks}/lib/events/summary.js`).handleGetEvent(e));
