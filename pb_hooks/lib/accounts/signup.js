/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/signup {attendeeId, email, token, password, fullName?}
// (public; the signed invitation token is the capability). In ONE transaction:
// the link is checked (lib/accounts/accounts.js invitationRefusal), the invitation must
// be unused (no account for the attendee or its email), then a verified user
// is created with the attendee's details and every attendee row with that
// email is linked to it. 201 {userId}. Direct user creation through the
// collection API stays refused (users.createRule is null).

const MAX_BODY_BYTES = 16 * 1024;

function utf8Length(text) {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Validates the body; returns {errors} or {request}. */
function validateSignup(body) {
  const { MESSAGES, PASSWORD_MIN, PASSWORD_MAX_BYTES } = require(`${__hooks}/lib/accounts/accounts.js`);
  const errors = {};
  const linkField = (name) => {
    if (typeof body[name] !== "string" || body[name].trim() === "") {
      errors[name] = { code: "validation_required", message: MESSAGES.invalidLink };
    }
  };
  ["attendeeId", "email", "token"].forEach(linkField);

  const password = body.password;
  if (typeof password !== "string" || password === "") {
    errors.password = { code: "validation_required", message: MESSAGES.passwordRequired };
  } else if (password.length < PASSWORD_MIN) {
    errors.password = { code: "validation_min_text_constraint", message: MESSAGES.passwordTooShort };
  } else if (utf8Length(password) > PASSWORD_MAX_BYTES) {
    errors.password = { code: "validation_max_text_constraint", message: MESSAGES.passwordTooLong };
  }

  let fullName = "";
  if (body.fullName !== undefined && body.fullName !== null) {
    if (typeof body.fullName !== "string") {
      errors.fullName = { code: "validation_invalid_type", message: MESSAGES.textInvalid };
    } else {
      fullName = body.fullName.trim();
      if (fullName !== "" && fullName.length < 2) errors.fullName = { code: "validation_min_text_constraint", message: MESSAGES.fullNameTooShort };
      if (fullName.length > 200) errors.fullName = { code: "validation_max_text_constraint", message: MESSAGES.fullNameTooLong };
    }
  }

  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: { attendeeId: body.attendeeId.trim(), email: body.email.trim(), token: body.token.trim(), password, fullName },
  };
}

/**
 * Everything that must happen atomically. Returns {refusal} before any write
 * when the invitation cannot be used, otherwise {userId}.
 * @param {core.App} txApp
 */
function signupInTransaction(txApp, request) {
  const accounts = require(`${__hooks}/lib/accounts/accounts.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);

  const attendee = accounts.findAttendee(txApp, request.attendeeId);
  const refused = accounts.invitationRefusal(txApp, attendee, request.email, request.token);
  if (refused) return { refusal: refused };
  if (attendee.getString("user") !== "") {
    return { refusal: refusal(409, "attendeeId", "already_used", accounts.MESSAGES.accountExists) };
  }
  const email = accounts.normalizeEmail(attendee.getString("email"));
  if (accounts.findUserByEmail(txApp, email)) {
    return { refusal: refusal(409, "email", "account_exists", accounts.MESSAGES.accountExists) };
  }

  const user = new Record(txApp.findCachedCollectionByNameOrId("users"));
  user.setEmail(email);
  user.setPassword(request.password);
  user.setVerified(true);
  user.set("role", "attendee");
  user.set("full_name", request.fullName || attendee.getString("full_name"));
  user.set("company", attendee.getString("company"));
  user.set("job_title", attendee.getString("job_title"));
  txApp.save(user);

  accounts.linkAttendeesToUser(txApp, user);
  return { userId: user.id };
}

/** @param {core.App} app */
function signup(app, request) {
  let outcome = null;
  try {
    app.runInTransaction((txApp) => {
      outcome = signupInTransaction(txApp, request);
    });
  } catch (error) {
    // Two sign-ups racing for one email: the loser's insert hits the unique index.
    const accounts = require(`${__hooks}/lib/accounts/accounts.js`);
    if (accounts.findUserByEmail(app, request.email)) {
      const { refusal } = require(`${__hooks}/lib/core/errors.js`);
      throw refusal(409, "email", "account_exists", accounts.MESSAGES.accountExists);
    }
    throw error;
  }
  if (outcome.refusal) throw outcome.refusal;
  return outcome;
}

/** POST /api/masterclass/signup @param {core.RequestEvent} e */
function handleSignup(e) {
  const { answerRefusals, readJsonObject, invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const checked = validateSignup(readJsonObject(e, MAX_BODY_BYTES));
    if (checked.errors) throw invalidFields(checked.errors);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "signupAttempts", checked.request.attendeeId);
    return e.json(201, { userId: signup(e.app, checked.request).userId });
  });
}

module.exports = { validateSignup, signup, handleSignup };
