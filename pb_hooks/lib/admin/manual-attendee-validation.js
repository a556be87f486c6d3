/// <reference path="../../../pb_data/types.d.ts" />
// The body of POST /api/masterclass/admin/attendees (lib/admin/manual-attendee.js)
// checked before anything is read or written: the person's details by the
// registration's rules (shared/shared-rules.json, lib/registration/validation.js),
// how the seat is paid for (complimentary, or paid elsewhere with its amount in
// cents), the reason kept with the registration and what to do when no seat
// is free. Every bad field is named at once; an unknown key is refused.

const REASON_MAX = 500;
// $100,000.00: far above any seat, low enough that a slip of the keyboard is caught.
const MAX_AMOUNT_CENTS = 10000000;
const KEYS = [
  "event", "fullName", "email", "company", "jobTitle", "phoneNumber", "role", "dietaryRequirements", "basis", "amountCents", "reason", "whenFull",
];
const BASES = ["complimentary", "paid_elsewhere"];
const WHEN_FULL = ["observer", "waitlist"];
const PHONE_PATTERN = /^[0-9+()\-. ]*$/;

const MESSAGES = {
  basisRequired: "Choose how the seat is paid for: complimentary or paid elsewhere.",
  amountRequired: "Enter the amount paid elsewhere, in dollars and cents, more than $0.",
  amountTooLarge: "The amount may be at most $100,000.",
  amountComplimentary: "A complimentary seat has no amount: leave the amount empty, or choose Paid elsewhere.",
  reasonRequired: "Please give a reason: it is kept with the registration.",
  reasonTooLong: `The reason may be at most ${REASON_MAX} characters.`,
  whenFullInvalid: "When the masterclass is full, they can be added as an observer or to the waitlist.",
  tooLong: (max) => `At most ${max} characters.`,
  phoneInvalid: "Phone number may only contain digits, spaces and + ( ) - .",
  roleInvalid: "Please choose one of the listed roles.",
};

/**
 * The request body checked: the cleaned values, or every field error.
 * @returns {{values?: object, errors?: object}}
 */
function validateAddition(body) {
  const { LIMITS, ATTENDEE_ROLES, MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  const rules = require(`${__hooks}/shared/shared-rules.json`);
  const { isValidEmail, isReservedEmailDomain } = require(`${__hooks}/lib/registration/validation.js`);
  const found = {};
  const add = (field, code, message) => {
    if (!found[field]) found[field] = { code, message };
  };
  for (const key of Object.keys(body)) {
    if (!KEYS.includes(key)) add(key, "unknown_field", COMMON.unknownField(key));
  }
  const text = (name, max) => {
    const value = body[name];
    if (value === undefined || value === null) return "";
    if (typeof value !== "string") {
      add(name, "invalid", COMMON.textInvalid);
      return "";
    }
    const trimmed = value.trim();
    if (trimmed.length > max) add(name, "too_long", MESSAGES.tooLong(max));
    return trimmed;
  };

  const fullName = text("fullName", LIMITS.fullName);
  if (fullName === "") add("fullName", "required", COMMON.fullNameRequired);
  else if (fullName.length < rules.fullName.minLength) add("fullName", "too_short", COMMON.fullNameTooShort);
  else if (new RegExp(rules.fullName.linkPattern, "i").test(fullName)) add("fullName", "invalid_name", COMMON.fullNameLink);
  const email = text("email", LIMITS.email).toLowerCase();
  if (email === "") add("email", "required", COMMON.emailRequired);
  else if (!isValidEmail(email)) add("email", "invalid_email", COMMON.emailInvalid);
  else if (isReservedEmailDomain(email)) add("email", "undeliverable_email", rules.email.reservedMessage);
  const company = text("company", LIMITS.company);
  const jobTitle = text("jobTitle", LIMITS.jobTitle);
  const phoneNumber = text("phoneNumber", LIMITS.phoneNumber);
  if (!PHONE_PATTERN.test(phoneNumber)) add("phoneNumber", "invalid_phone", MESSAGES.phoneInvalid);
  const role = text("role", 100);
  if (role !== "" && !ATTENDEE_ROLES.includes(role)) add("role", "invalid_role", MESSAGES.roleInvalid);
  const dietaryRequirements = text("dietaryRequirements", LIMITS.dietaryRequirements);

  const basis = body.basis;
  if (!BASES.includes(basis)) add("basis", "required", MESSAGES.basisRequired);
  const amount = body.amountCents;
  const noAmount = amount === undefined || amount === null || amount === 0;
  let amountCents = 0;
  if (basis === "complimentary" && !noAmount) add("amountCents", "not_allowed", MESSAGES.amountComplimentary);
  if (basis === "paid_elsewhere") {
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) add("amountCents", "required", MESSAGES.amountRequired);
    else if (amount > MAX_AMOUNT_CENTS) add("amountCents", "too_large", MESSAGES.amountTooLarge);
    else amountCents = amount;
  }
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (reason === "") add("reason", "required", MESSAGES.reasonRequired);
  else if (reason.length > REASON_MAX) add("reason", "too_long", MESSAGES.reasonTooLong);
  const whenFull = body.whenFull === undefined || body.whenFull === null || body.whenFull === "" ? "" : body.whenFull;
  if (whenFull !== "" && !WHEN_FULL.includes(whenFull)) add("whenFull", "invalid", MESSAGES.whenFullInvalid);

  if (Object.keys(found).length > 0) return { errors: found };
  return {
    values: { fullName, email, company, jobTitle, phoneNumber, role, dietaryRequirements, basis, amountCents, reason, whenFull },
  };
}

module.exports = { MESSAGES, MAX_AMOUNT_CENTS, REASON_MAX, validateAddition };
