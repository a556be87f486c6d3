/// <reference path="../pb_data/types.d.ts" />
// Changes that reach attendees: a masterclass's date, times or place changed
// counts a new calendar SEQUENCE however it is saved (model hook); the admin
// event screen's routes to preview, save and notify, tell the last change, and
// cancel a whole masterclass (administrators only). Logic: lib/notices/.

onRecordUpdate((e) => require(`${__hooks}/lib/notices/changes.js`).onEventUpdate(e), "events");

routerAdd("GET", "/api/masterclass/admin/events/{id}/notices", (e) => require(`${__hooks}/lib/notices/routes.js`).handleStatus(e));
routerAdd("POST", "/api/masterclass/admin/events/{id}/change/preview", (e) => require(`${__hooks}/lib/notices/routes.js`).handlePreview(e));
routerAdd("POST", "/api/masterclass/admin/events/{id}/change", (e) => require(`${__hooks}/lib/notices/routes.js`).handleChange(e));
routerAdd("POST", "/api/masterclass/admin/events/{id}/notify", (e) => require(`${__hooks}/lib/notices/routes.js`).handleNotify(e));
routerAdd("POST", "/api/masterclass/admin/events/{id}/cancel", (e) => require(`${__hooks}/lib/notices/routes.js`).handleCancel(e));
