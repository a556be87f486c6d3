/// <reference path="../pb_data/types.d.ts" />
// A series of masterclasses: GET /api/masterclass/events (public) lists the
// published ones still to come, each with its price, seats left and sales
// state (lib/events/series.js); every event saved without a page address gets
// one (lib/events/slug.js), so each published masterclass has its page at
// `/events/<slug>`.

routerAdd("GET", "/api/masterclass/events", (e) => require(`${__hooks}/lib/events/series.js`).handleListEvents(e));

onRecordCreate((e) => {
  require(`${__hooks}/lib/events/slug.js`).ensureSlug(e.app, e.record);
  e.next();
}, "events");

onRecordUpdate((e) => {
  require(`${__hooks}/lib/events/slug.js`).ensureSlug(e.app, e.record);
  e.next();
}, "events");
