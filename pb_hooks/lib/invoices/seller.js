/// <reference path="../../../pb_data/types.d.ts" />
// The seller's details printed on tax invoices and adjustment notes: legal
// name, ABN, address and an optional email. Administrators edit them (the one
// `seller_details` row, through /api/masterclass/admin/seller); a field left
// empty there falls back to its environment variable (SELLER_LEGAL_NAME,
// SELLER_ABN, SELLER_ADDRESS, SELLER_EMAIL), and with neither it is not set:
// documents then say so ("ABN not set") instead of printing an invented one.
// An ABN is checked (eleven digits and the ABR's checksum) wherever it comes
// from: a bad SELLER_ABN stops the server at boot.

const FIELDS = {
  legalName: { column: "legal_name", env: "SELLER_LEGAL_NAME", max: 200 },
  abn: { column: "abn", env: "SELLER_ABN", max: 20 },
  address: { column: "address", env: "SELLER_ADDRESS", max: 500 },
  email: { column: "email", env: "SELLER_EMAIL", max: 254 },
};

const MESSAGES = {
  abn: "Enter the ABN as 11 digits, e.g. 51 824 753 556. This one fails the ABN check: please check it against the ABN Lookup.",
  email: "Enter a valid email address, or leave it empty.",
  tooLong: (label, max) => `${label} can be at most ${max} characters.`,
  text: (label) => `${label} must be text.`,
};

const LABELS = { legalName: "Legal name", abn: "ABN", address: "Address", email: "Email" };

function env(name) {
  return ($os.getenv(name) || "").trim();
}

function rules() {
  return require(`${__hooks}/lib/invoices/rules.js`);
}

/** The environment's SELLER_ABN, or a message when it is set and wrong (the server refuses to boot). */
function environmentProblem() {
  const abn = env(FIELDS.abn.env);
  if (abn && !rules().isValidAbn(abn)) return `SELLER_ABN is not a valid ABN (${abn}): 11 digits that pass the ABN checksum, or unset.`;
  return "";
}

/** The email rule registration uses (shared/shared-rules.json). */
function isValidEmail(email) {
  const rule = require(`${__hooks}/shared/shared-rules.json`).email;
  return email.length <= rule.maxLength && email.split("@")[0].length <= rule.maxLocalLength && new RegExp(rule.pattern).test(email);
}

function row(app) {
  const found = app.findRecordsByFilter("seller_details", "", "created,id", 1, 0);
  return found.length > 0 ? found[0] : null;
}

/**
 * The details in force: `{legalName, abn, address, email}` (abn formatted,
 * "" when not set), and `saved` (what administrators saved) and
 * `environment` (the fallbacks) for the settings screen.
 * @param {core.App} app
 */
function sellerDetails(app) {
  const record = row(app);
  const saved = {};
  const environment = {};
  const inForce = {};
  Object.keys(FIELDS).forEach((key) => {
    saved[key] = record ? record.getString(FIELDS[key].column).trim() : "";
    environment[key] = env(FIELDS[key].env);
    if (key === "abn" && environment.abn && !rules().isValidAbn(environment.abn)) environment.abn = "";
    inForce[key] = saved[key] || environment[key];
  });
  if (inForce.abn) inForce.abn = rules().formatAbn(inForce.abn);
  return { ...inForce, saved, environment };
}

/**
 * Checks an administrator's edit: `{value}` with the four fields trimmed and
 * the ABN formatted, or `{errors}` ({field: {code, message}}).
 * @param {Record<string, unknown>} body
 */
function checkEdit(body) {
  const value = {};
  const errors = {};
  Object.keys(FIELDS).forEach((key) => {
    const raw = body[key] === undefined || body[key] === null ? "" : body[key];
    if (typeof raw !== "string") {
      errors[key] = { code: "invalid", message: MESSAGES.text(LABELS[key]) };
      return;
    }
    const text = key === "address" ? raw.replace(/\r\n?/g, "\n").trim() : raw.replace(/\s+/g, " ").trim();
    if (text.length > FIELDS[key].max) {
      errors[key] = { code: "too_long", message: MESSAGES.tooLong(LABELS[key], FIELDS[key].max) };
      return;
    }
    value[key] = text;
  });
  if (!errors.abn && value.abn && !rules().isValidAbn(value.abn)) errors.abn = { code: "invalid_abn", message: MESSAGES.abn };
  if (!errors.abn && value.abn) value.abn = rules().formatAbn(value.abn);
  if (!errors.email && value.email && !isValidEmail(value.email)) errors.email = { code: "invalid_email", message: MESSAGES.email };
  return Object.keys(errors).length > 0 ? { errors } : { value };
}

/** Saves a checked edit (checkEdit's value) in the one row. */
function saveSeller(app, value) {
  app.runInTransaction((txApp) => {
    const record = row(txApp) || new Record(txApp.findCachedCollectionByNameOrId("seller_details"));
    Object.keys(FIELDS).forEach((key) => record.set(FIELDS[key].column, value[key]));
    txApp.save(record);
  });
}

/** What a document keeps of the seller when it is issued. */
function snapshot(app) {
  const { legalName, abn, address, email } = sellerDetails(app);
  return { legalName, abn, address, email };
}

module.exports = { FIELDS, MESSAGES, environmentProblem, sellerDetails, checkEdit, saveSeller, snapshot };
