/// <reference path="../../../pb_data/types.d.ts" />
// Deleting one's own account (Australian Privacy Principle 13, README "Your
// data: download and deletion"):
//   POST /api/masterclass/account/delete {confirmation, password} — signed-in user
//   POST /api/masterclass/account/deleted {id} — public: whether that account was deleted (its devices forget it)
// The deletion removes the account and its tool records, anonymises every
// attendee row of theirs (lib/accounts/anonymise.js), keeps the financial
// records the law requires (amounts, currency, Stripe ids, payment_actions),
// cancels mail still queued to them and leaves a tombstone so their other
// devices drop their copy, all in one transaction: a refusal or a fault
// leaves nothing half done.

const CONFIRM_WORD = "DELETE";
const MAX_BODY_BYTES = 4096;

const MESSAGES = {
  confirmationRequired: `Type ${CONFIRM_WORD} or your email address to confirm.`,
  passwordRequired: "Enter your password to confirm.",
  passwordWrong: "The password is not correct.",
  lastAdministrator:
    "You are the only administrator. Make another account an administrator first, then delete this one.",
  invalidId: "This is not an account id.",
};

function countOtherAdministrators(app, userId) {
  const row = new DynamicModel({ n: 0 });
  app.db()
    .newQuery("SELECT COUNT(*) AS n FROM users WHERE role = 'administrator' AND id != {:id}")
    .bind({ id: userId })
    .one(row);
  return row.n;
}

/**
 * Deletes the account: in one transaction, anonymises the user's attendee rows
 * (and their registrations' contact details, keeping the money), deletes their
 * tool records (tombstones by the delete hook), scrubs and cancels their outbox
 * mail, deletes their contact messages and early-access rows, writes the
 * account's tombstone and deletes the user. Returns a refusal or null.
 * @param {core.App} app
 * @param {string} userId
 */
function deleteAccountData(app, userId) {
  const { TOOL_COLLECTIONS, normalizeEmail, findWhere, attendeeRowsOf, collectionExists } = require(`${__hooks}/lib/accounts/personal-data.js`);
  const anonymise = require(`${__hooks}/lib/accounts/anonymise.js`);
  let refused = null;
  app.runInTransaction((txApp) => {
    const user = txApp.findRecordById("users", userId);
    if (user.getString("role") === "administrator" && countOtherAdministrators(txApp, user.id) === 0) {
      refused = require(`${__hooks}/lib/core/errors.js`).refusal(409, "role", "last_administrator", MESSAGES.lastAdministrator);
      return;
    }
    const email = normalizeEmail(user.email());
    attendeeRowsOf(txApp, user).forEach((row) => anonymise.anonymiseRow(txApp, row));
    findWhere(txApp, "registrations", "lower([[primary_email]]) = {:email}", { email }).forEach((registration) =>
      anonymise.scrubRegistration(txApp, registration));
    TOOL_COLLECTIONS.forEach((collection) => {
      findWhere(txApp, collection, "[[owner]] = {:id}", { id: user.id }).forEach((record) => txApp.delete(record));
    });
    findWhere(txApp, "emails", "lower([[to]]) = {:email}", { email }).forEach((mail) => anonymise.scrubEmail(txApp, mail));
    findWhere(txApp, "contact_messages", "lower([[email]]) = {:email}", { email }).forEach((message) => txApp.delete(message));
    if (collectionExists(txApp, "early_access")) {
      findWhere(txApp, "early_access", "lower([[email]]) = {:email}", { email }).forEach((row) => txApp.delete(row));
    }
    if (collectionExists(txApp, "waitlist_offers")) {
      findWhere(txApp, "waitlist_offers", "lower([[email]]) = {:email}", { email }).forEach((offer) => anonymise.scrubOffer(txApp, offer));
    }
    anonymise.writeTombstone(txApp, "users", user.id, user.id);
    txApp.delete(user);
  });
  return refused;
}

/** POST /api/masterclass/account/delete {confirmation, password} @param {core.RequestEvent} e */
function handleDelete(e) {
  const { answerRefusals, readJsonObject, invalidFields, refusal } = require(`${__hooks}/lib/core/errors.js`);
  const { normalizeEmail, signedInUser } = require(`${__hooks}/lib/accounts/personal-data.js`);
  return answerRefusals(e, () => {
    const user = signedInUser(e);
    // Any id in the body is ignored: it is always the signed-in account.
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const confirmation = typeof body.confirmation === "string" ? body.confirmation.trim() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const errors = {};
    if (confirmation !== CONFIRM_WORD && normalizeEmail(confirmation) !== normalizeEmail(user.email())) {
      errors.confirmation = { code: "confirmation_required", message: MESSAGES.confirmationRequired };
    }
    if (password === "") errors.password = { code: "password_required", message: MESSAGES.passwordRequired };
    if (Object.keys(errors).length) throw invalidFields(errors);

    // Wrong passwords count with failed sign-ins: a stolen session cannot guess the password here either.
    const wrong = require(`${__hooks}/lib/accounts/sign-in-limits.js`).checkPassword(e, user, password, () =>
      refusal(400, "password", "password_wrong", MESSAGES.passwordWrong),
    );
    if (wrong) throw wrong;

    const refused = deleteAccountData(e.app, user.id);
    if (refused) throw refused;
    e.app.logger().info("Account deleted at the user's request", "user", user.id);
    return e.json(200, { deleted: true });
  });
}

/** POST /api/masterclass/account/deleted {id}: whether the account was deleted here (its devices then forget it). */
function handleDeletedCheck(e) {
  const { answerRefusals, readJsonObject, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const id = typeof body.id === "string" ? body.id : "";
    if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id)) throw refusal(400, "id", "invalid_id", MESSAGES.invalidId);
    const found = require(`${__hooks}/lib/accounts/personal-data.js`).findWhere(e.app, "tombstones", "[[collection]] = 'users' AND [[record_id]] = {:id}", { id });
    return e.json(200, { deleted: found.length > 0 });
  });
}

module.exports = { MESSAGES, deleteAccountData, handleDelete, handleDeletedCheck };
