/// <reference path="../../../pb_data/types.d.ts" />
// Where a person's data is, for the attendee's own data (Australian Privacy
// Principles 12 and 13, README "Your data: download and deletion"): their
// download (lib/accounts/data-export.js), the deletion of their account
// (lib/accounts/delete-account.js), an administrator's anonymisation of one
// attendee row (lib/accounts/anonymise.js) and the daily retention job
// (lib/accounts/retention.js).

/** The owner-only tool records of an account. */
const TOOL_COLLECTIONS = ["readiness_assessments", "business_cases", "saved_use_cases"];

const MESSAGES = {
  notAnAttendee: "Only attendee and administrator accounts can use this.",
};

function normalizeEmail(email) {
  return String(email || "").trim().toLowerCase();
}

/** Records of `collection` matching a raw SQL condition on its own columns. */
function findWhere(app, collection, condition, params) {
  return app.findAllRecords(collection, $dbx.exp(condition, params || {}));
}

/** The user's attendee rows: linked to the account, or registered with its email (any case). */
function attendeeRowsOf(app, user) {
  return findWhere(app, "attendees", "[[user]] = {:id} OR lower([[email]]) = {:email}", {
    id: user.id,
    email: normalizeEmail(user.email()),
  });
}

function collectionExists(app, name) {
  try {
    app.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

function hasField(record, name) {
  return !!record.collection().fields.getByName(name);
}

/** The signed-in attendee or administrator (superusers have no data of their own here). */
function signedInUser(e) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!e.auth || e.auth.collection().name !== "users") throw refusal(403, "auth", "forbidden", MESSAGES.notAnAttendee);
  return e.auth;
}

module.exports = { TOOL_COLLECTIONS, MESSAGES, normalizeEmail, findWhere, attendeeRowsOf, collectionExists, hasField, signedInUser };
