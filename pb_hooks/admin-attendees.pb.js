/// <reference path="../pb_data/types.d.ts" />
/* global onRecordDeleteRequest */
// Administrators' edits and deletes of attendee rows through the records API
// (lib/admin/attendees.js): only the edit form's fields, valid and unique
// emails, no email change or delete for an attendee who has an account.
// Refusals are answered in PocketBase's error shape. An attendee who paid for
// their seat is not deleted through the records API (superusers included):
//   POST /api/masterclass/admin/attendees/{id}/delete — administrators: Delete with a refund decision
//        (lib/cancellation/admin-routes.js handleAdminDelete)
// Adding a person by hand and resending their ticket (lib/admin/manual-attendee.js):
//   POST /api/masterclass/admin/attendees                    — administrators: add a complimentary or paid-elsewhere attendee
//   POST /api/masterclass/admin/attendees/{id}/resend-ticket — administrators: the confirmation with the current ticket, again

onRecordUpdateRequest((e) => {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => require(`${__hooks}/lib/admin/attendees.js`).checkAttendeeUpdate(e));
}, "attendees");

onRecordDeleteRequest((e) => {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => require(`${__hooks}/lib/admin/attendees.js`).checkAttendeeDelete(e));
}, "attendees");

routerAdd("POST", "/api/masterclass/admin/attendees/{id}/delete", (e) => require(`${__hooks}/lib/cancellation/admin-routes.js`).handleAdminDelete(e));
routerAdd("POST", "/api/masterclass/admin/attendees", (e) => require(`${__hooks}/lib/admin/manual-attendee.js`).handleAdd(e));
routerAdd("POST", "/api/masterclass/admin/attendees/{id}/resend-ticket", (e) => require(`${__hooks}/lib/admin/manual-attendee.js`).handleResendTicket(e));
