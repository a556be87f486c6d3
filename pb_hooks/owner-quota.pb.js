/// <reference path="../pb_data/types.d.ts" />
// An attendee's own tool records (assessments, business cases, saved use cases)
// are capped per owner, so one account cannot fill the server's storage through
// the collection API: so many records of each tool (RECORDS_PER_OWNER) and so
// much text in all (STORAGE_PER_ACCOUNT_KB). Logic: lib/tools/owner-quota.js.

onRecordCreateRequest((e) => require(`${__hooks}/lib/tools/owner-quota.js`).checkOwnerQuota(e), "readiness_assessments", "business_cases", "saved_use_cases");
onRecordCreateRequest((e) => require(`${__hooks}/lib/tools/owner-quota.js`).checkStorageQuota(e), "readiness_assessments", "business_cases", "saved_use_cases");
onRecordUpdateRequest((e) => require(`${__hooks}/lib/tools/owner-quota.js`).checkStorageQuota(e), "readiness_assessments", "business_cases", "saved_use_cases");
