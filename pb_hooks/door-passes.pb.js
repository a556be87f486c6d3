/// <reference path="../pb_data/types.d.ts" />
// Door passes (lib/checkin/passes.js): a link and a PIN that open Door
// Check-in for one masterclass and nothing else.
//   POST /api/masterclass/admin/door-passes, GET …?event=, POST …/{id}/revoke, POST …/{id}/pin — administrators
//   POST /api/masterclass/door/sign-in — the door device, with the pass and its PIN
// A pass's session ends SESSION_DAYS after its PIN sign-in or when its
// masterclass's door closes (the end of the day after it ends), whichever is
// first: the token refresh then answers 401 with the reason, and every token
// given expires by then (the two hooks at the end).
// A door pass's token opens only the door's routes, the sync pull (which
// scopes it, pocketbase/syncchanges.go), its own token refresh and realtime
// (whose rules give it nothing): any other API request carrying one is
// refused by a middleware in Go (pocketbase/doorpass.go).

routerAdd("POST", "/api/masterclass/admin/door-passes", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleCreate(e));
routerAdd("GET", "/api/masterclass/admin/door-passes", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleList(e));
routerAdd("POST", "/api/masterclass/admin/door-passes/{id}/revoke", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleRevoke(e));
routerAdd("POST", "/api/masterclass/admin/door-passes/{id}/pin", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleNewPin(e));
routerAdd("POST", "/api/masterclass/door/sign-in", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleSignIn(e));

// A pass's session ends (lib/checkin/passes.js): no refresh after it, and no token outlives it.
onRecordAuthRefreshRequest((e) => require(`${__hooks}/lib/checkin/passes.js`).handleRefresh(e), "door_passes");
onRecordAuthRequest((e) => require(`${__hooks}/lib/checkin/passes.js`).capToken(e), "door_passes");
