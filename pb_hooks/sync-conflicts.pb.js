/// <reference path="../pb_data/types.d.ts" />
// An update sent with the values it was edited from (X-Sync-Base) is refused
// with 409 when a field it changes was changed on the server meanwhile;
// nothing is written. It runs inside the update's own transaction, on the row
// read again there (pocketbase/syncupdate.go), so the check and the save are
// one step. Logic: lib/sync/conflicts.js.

onRecordUpdateRequest((e) => {
  return require(`${__hooks}/lib/sync/conflicts.js`).checkUpdateConflict(e);
}, "users", "readiness_assessments", "business_cases", "saved_use_cases");
