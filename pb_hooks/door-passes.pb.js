/// <reference path="../pb_data/types.d.ts" />
// Door passes (lib/checkin/passes.js): a link and a PIN that open Door
// Check-in for one masterclass and nothing else.
//   POST /api/masterclass/admin/door-passes, GET …?event=, POST …/{id}/revoke, POST …/{id}/pin — administrators
//   POST /api/masterclass/door/sign-in — the door device, with the pass and its PIN
// A door pass's token opens only the door's routes, the sync pull (which
// scopes it, pocketbase/syncchanges.go), its own token refresh and realtime
// (whose rules give it nothing): any other API request carrying one is refused.

routerAdd("POST", "/api/masterclass/admin/door-passes", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleCreate(e));
routerAdd("GET", "/api/masterclass/admin/door-passes", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleList(e));
routerAdd("POST", "/api/masterclass/admin/door-passes/{id}/revoke", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleRevoke(e));
routerAdd("POST", "/api/masterclass/admin/door-passes/{id}/pin", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleNewPin(e));
routerAdd("POST", "/api/masterclass/door/sign-in", (e) => require(`${__hooks}/lib/checkin/passes.js`).handleSignIn(e));

routerUse((e) => {
  if (!e.auth || e.auth.collection().name !== "door_passes") return e.next();
  const path = e.request.url.path;
  if (
    path === "/api/masterclass/admin/check-in/roster" ||
    path === "/api/masterclass/admin/check-in/push" ||
    path === "/api/sync/changes" ||
    path === "/api/collections/door_passes/auth-refresh" ||
    path === "/api/realtime" ||
    !path.startsWith("/api/")
  ) {
    return e.next();
  }
  const message = "A door pass opens only the door check-in of its masterclass.";
  return e.json(403, { status: 403, message, data: { auth: { code: "door_pass", message } } });
});
