/// <reference path="../../../pb_data/types.d.ts" />
// What the invitation routes share: the messages, looking up an attendee and
// a user by email (case-insensitive), checking an invitation link, and
// linking an account to the attendee rows registered with its email.

const MESSAGES = {
  invalidLink: "This invitation link is not valid.",
  differentEmail: "This invitation was sent to a different email address.",
  accountExists: "An account already exists for this invitation. Please sign in.",
  passwordRequired: "Password is required",
  passwordTooShort: "Password should be at least 8 characters long",
  passwordTooLong: "Password must be at most 71 characters long",
  fullNameTooShort: "Full name must be at least 2 characters",
  fullNameTooLong: "Full name must be at most 200 characters",
  textInvalid: "Must be text.",
  emailFixed: "Email cannot be changed",
};

const PASSWORD_MIN = 8;
// bcrypt reads at most 72 bytes; PocketBase refuses longer passwords.
const PASSWORD_MAX_BYTES = 71;
// Attendees who hold (or held) a seat may have an account; waitlisted,
// cancelled and unpaid ones may not.
const INVITABLE_STATUSES = ["confirmed", "confirmed_observer"];

function normalizeEmail(email) {
  return String(email || "").trim().toLowerCase();
}

/** @returns {core.Record|null} */
function findAttendee(app, attendeeId) {
  if (typeof attendeeId !== "string" || attendeeId === "") return null;
  try {
    return app.findRecordById("attendees", attendeeId);
  } catch {
    return null;
  }
}

/** The user with this email, whatever its case; null when there is none. */
function findUserByEmail(app, email) {
  const found = app.findAllRecords("users", $dbx.exp("lower([[email]]) = {:email}", { email: normalizeEmail(email) }));
  return found.length > 0 ? found[0] : null;
}

function isInvitable(attendee) {
  return INVITABLE_STATUSES.includes(attendee.getString("registration_status"));
}

/**
 * Checks an invitation link against the stored attendee. The token is checked
 * first, so nothing about the attendee is revealed without a valid one.
 * Returns null when the link is valid, otherwise the refusal to answer with.
 */
function invitationRefusal(app, attendee, email, token) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { verifyInvitationToken } = require(`${__hooks}/lib/accounts/invitations.js`);
  if (!attendee) return refusal(404, "attendeeId", "not_found", MESSAGES.invalidLink);
  if (!verifyInvitationToken(app, attendee.id, normalizeEmail(email), token)) {
    return refusal(403, "token", "invalid_token", MESSAGES.invalidLink);
  }
  if (normalizeEmail(attendee.getString("email")) !== normalizeEmail(email)) {
    return refusal(403, "email", "email_mismatch", MESSAGES.differentEmail);
  }
  if (!isInvitable(attendee)) return refusal(403, "attendeeId", "not_confirmed", MESSAGES.invalidLink);
  return null;
}

/** Whether the attendee already has an account (linked, or a user with its email). */
function accountExists(app, attendee) {
  return attendee.getString("user") !== "" || findUserByEmail(app, attendee.getString("email")) !== null;
}

/**
 * Links every attendee row registered with the user's email and no account
 * yet to the user. Returns how many rows were linked.
 * @param {core.App} app
 * @param {core.Record} user
 */
function linkAttendeesToUser(app, user) {
  const rows = app.findAllRecords(
    "attendees",
    $dbx.exp("lower([[email]]) = {:email} AND ([[user]] = '' OR [[user]] IS NULL)", { email: normalizeEmail(user.email()) }),
  );
  rows.forEach((row) => {
    row.set("user", user.id);
    app.save(row);
  });
  return rows.length;
}

/** Answers PocketBase's email change routes for users: an account's email never changes. */
function refuseEmailChange(e) {
  const message = MESSAGES.emailFixed;
  return e.json(403, { status: 403, message, data: { email: { code: "email_fixed", message } } });
}

module.exports = {
  MESSAGES,
  PASSWORD_MIN,
  PASSWORD_MAX_BYTES,
  normalizeEmail,
  findAttendee,
  findUserByEmail,
  invitationRefusal,
  accountExists,
  linkAttendeesToUser,
  refuseEmailChange,
};
