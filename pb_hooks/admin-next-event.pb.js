/// <reference path="../pb_data/types.d.ts" />
// POST /api/masterclass/admin/events/next (administrators): a draft of the
// next masterclass copied from the featured one, with new dates. Publishing
// it is an update of `events.published` through the record API (rules:
// administrators). Logic: lib/admin/next-event.js.

routerAdd("POST", "/api/masterclass/admin/events/next", (e) => require(`${__hooks}/lib/admin/next-event.js`).handleCreateNextEvent(e));
