/// <reference path="../../../pb_data/types.d.ts" />
// What administrators may do to an attendee row through the records API
// (the collection's rules already keep attendees and guests out):
// - Edit only the fields of the 'Edit Attendee' form (name, email, company,
//   job title, role, phone, dietary requirements, consents). The seat, the
//   registration, the account link and the invitation marks belong to the
//   server's flows and are refused here.
// - A full name of at least 2 characters and a valid email, unique among the
//   attendees of the same event (any case); blank optional fields are saved
//   as empty text.
// - The email of an attendee who has an account is the address the account
//   signs in with: it cannot be changed here.
// - An attendee who has an account cannot be deleted (the account would be
//   left pointing at no registration); one without an account can: the row
//   goes, and with it the seat it held (seats are counted from attendee rows).
// - An attendee who paid for their seat is not deleted here, nor one whose
//   refund is recorded (payment_actions point at the row): that would free a
//   paid seat with no refund and no note, or lose the refund's record.
//   Administrators delete them with a refund decision (POST
//   /api/masterclass/admin/attendees/{id}/delete); these two refusals hold for
//   superusers (the PocketBase dashboard) too.
// Superusers are not limited by the other checks.

const EDITABLE = [
  "full_name", "email", "company", "job_title", "role", "phone_number",
  "dietary_requirements", "marketing_consent", "privacy_consent",
];
const TEXT_FIELDS = ["full_name", "email", "company", "job_title", "role", "phone_number", "dietary_requirements"];

const MESSAGES = {
  notEditable: "This field cannot be changed in the attendee form.",
  fullNameRequired: "Full name is required",
  fullNameTooShort: "Full name must be at least 2 characters",
  emailInvalid: "Please enter a valid email address",
  emailTaken: "Another attendee of this event already uses this email address.",
  emailHasAccount: "This attendee has an account, so their email cannot be changed: it is the address they sign in with.",
  phoneInvalid: "Phone number may only contain digits, spaces and + ( ) - .",
  roleInvalid: "Please choose one of the listed roles.",
  deletePaidSeat: (name) => `${name} paid for their seat, so the record cannot simply be deleted: that would free the seat with no refund and no note. In Manage Attendees, Delete asks whether to refund (by the terms, another amount or none) and why, and keeps the record of it.`,
  deleteRefundRecorded: "A refund is recorded for this attendee, so their record is kept as the record of that payment. Anonymise it to remove their personal details.",
  deleteHasAccount: "This attendee has an account, so their record cannot be deleted: the account and its portal access depend on it. The attendee, their seat and their account were left unchanged.",
};

const PHONE_PATTERN = /^[0-9+()\-. ]*$/;

function isSuperuser(e) {
  return e.hasSuperuserAuth();
}

/** onRecordUpdateRequest for attendees. @param {core.RecordRequestEvent} e */
function checkAttendeeUpdate(e) {
  if (isSuperuser(e)) return e.next();
  const { invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  const { normalizeEmail } = require(`${__hooks}/lib/accounts/accounts.js`);
  const { ATTENDEE_ROLES } = require(`${__hooks}/lib/core/constants.js`);
  const body = e.requestInfo().body || {};
  const record = e.record;
  const original = record.original();
  const errors = {};
  const add = (field, code, message) => {
    if (!errors[field]) errors[field] = { code, message };
  };

  for (const name of Object.keys(body)) {
    if (!EDITABLE.includes(name)) add(name, "not_editable", MESSAGES.notEditable);
  }
  for (const name of TEXT_FIELDS) {
    if (name in body) record.set(name, String(record.getString(name)).trim());
  }

  const fullName = record.getString("full_name");
  if (fullName === "") add("full_name", "required", MESSAGES.fullNameRequired);
  else if (fullName.length < 2) add("full_name", "too_short", MESSAGES.fullNameTooShort);

  const email = normalizeEmail(record.getString("email"));
  const emailChanged = email !== normalizeEmail(original.getString("email"));
  // The registration's own rule (shared/shared-rules.json), so an edit never stores what registering would refuse.
  if (!require(`${__hooks}/lib/registration/validation.js`).isValidEmail(email)) add("email", "invalid_email", MESSAGES.emailInvalid);
  else if (emailChanged && original.getString("user") !== "") add("email", "has_account", MESSAGES.emailHasAccount);
  else if (emailChanged && require(`${__hooks}/lib/registration/validation.js`).isReservedEmailDomain(email)) {
    add("email", "undeliverable_email", require(`${__hooks}/shared/shared-rules.json`).email.reservedMessage);
  }
  else if (emailChanged) {
    const taken = e.app.findAllRecords(
      "attendees",
      $dbx.exp("[[event]] = {:event} AND lower([[email]]) = {:email} AND [[id]] != {:id}", {
        event: record.getString("event"), email, id: record.id,
      }),
    );
    if (taken.length > 0) add("email", "email_taken", MESSAGES.emailTaken);
  }

  if (!PHONE_PATTERN.test(record.getString("phone_number"))) add("phone_number", "invalid_phone", MESSAGES.phoneInvalid);
  const role = record.getString("role");
  if (role !== "" && !ATTENDEE_ROLES.includes(role)) add("role", "invalid_role", MESSAGES.roleInvalid);

  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return e.next();
}

/** onRecordDeleteRequest for attendees. @param {core.RecordRequestEvent} e */
function checkAttendeeDelete(e) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const cancellation = require(`${__hooks}/lib/cancellation/rules.js`);
  const facts = cancellation.assess(e.app, e.record, new Date());
  if (require(`${__hooks}/lib/cancellation/admin-routes.js`).holdsPaidSeat(facts)) {
    throw refusal(409, "registration_status", "paid_seat", MESSAGES.deletePaidSeat(e.record.getString("full_name")));
  }
  if (e.app.countRecords("payment_actions", $dbx.hashExp({ attendee: e.record.id })) > 0) {
    throw refusal(409, "attendee", "refund_recorded", MESSAGES.deleteRefundRecorded);
  }
  if (isSuperuser(e)) return e.next();
  if (e.record.getString("user") !== "") {
    throw refusal(409, "user", "has_account", MESSAGES.deleteHasAccount);
  }
  return e.next();
}

module.exports = { EDITABLE, MESSAGES, checkAttendeeUpdate, checkAttendeeDelete };
