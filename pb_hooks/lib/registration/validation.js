/// <reference path="../../../pb_data/types.d.ts" />
// Server-side validation of a registration request (spec section 5). Returns
// the cleaned request or every field error, keyed as the page shows them:
// `mode`, `attendees`, `attendees.<index>.<field>`, `privacyConsent`,
// `promoCode`, `marketingConsent`, `utm`, `requestId`. Unknown keys are refused, so a
// tampered `amount` or `status` never passes silently.

const REQUEST_KEYS = ["mode", "attendees", "promoCode", "privacyConsent", "marketingConsent", "utm", "requestId", "event", "earlyAccess", "waitlistOffer"];
const ATTENDEE_KEYS = ["fullName", "email", "company", "jobTitle", "phoneNumber", "role", "dietaryRequirements"];
const UTM_KEYS = ["utm_source", "utm_medium"];
const SHARED_RULES = require(`${__hooks}/shared/shared-rules.json`);
const EMAIL_PATTERN = new RegExp(SHARED_RULES.email.pattern);
const NAME_LINK_PATTERN = new RegExp(SHARED_RULES.fullName.linkPattern, "i");

/** The one email rule the page shares (shared/shared-rules.json); stricter than PocketBase's own. */
function isValidEmail(email) {
  const local = email.split("@")[0];
  return email.length <= SHARED_RULES.email.maxLength && local.length <= SHARED_RULES.email.maxLocalLength && EMAIL_PATTERN.test(email);
}

/**
 * Whether the address is at a domain that can never receive mail (the shared
 * rule's reserved names: `.invalid`, where an anonymised person's placeholder
 * lives, `.test`, `.localhost`, …). Such an address would be refused when its
 * ticket is queued, after payment, so registration refuses it first.
 */
function isReservedEmailDomain(email) {
  const domain = String(email || "").trim().toLowerCase().split("@").pop().replace(/\.$/, "");
  const tld = domain.split(".").pop();
  if (SHARED_RULES.email.reservedTopLevelDomains.includes(tld)) return true;
  return SHARED_RULES.email.reservedDomains.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`));
}
const PHONE_PATTERN = /^[0-9+()\-. ]*$/;
const WAITLIST_NO_CODE = "A promo code cannot be used to join the waitlist.";

function isBlank(value) {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * A trimmed required text: its value, or the message for `errors[field]`.
 * @returns {{value?: string, code?: string, error?: string}}
 */
function requiredText(value, max, requiredMessage) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  if (typeof value !== "string" || value.trim() === "") return { code: "required", error: requiredMessage };
  const text = value.trim();
  if (text.length > max) return { code: "too_long", error: MESSAGES.tooLong(max) };
  return { value: text };
}

/**
 * One attendee's details; with `optional` (the waitlist) only the name and the email are required.
 */
function validateAttendee(input, prefix, add, optional = false) {
  const { ATTENDEE_ROLES, LIMITS, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    add(prefix, "invalid_attendee", MESSAGES.attendeeMissing);
    return null;
  }
  for (const key of Object.keys(input)) {
    if (!ATTENDEE_KEYS.includes(key)) add(`${prefix}.${key}`, "unknown_field", MESSAGES.unknownField(key));
  }
  const field = (name, result) => {
    if (result.error) add(`${prefix}.${name}`, result.code, result.error);
    return result.value;
  };

  const fullName = field("fullName", requiredText(input.fullName, LIMITS.fullName, MESSAGES.fullNameRequired));
  if (fullName !== undefined && fullName.length < SHARED_RULES.fullName.minLength) add(`${prefix}.fullName`, "too_short", MESSAGES.fullNameTooShort);
  // Names go into emails: no text a mail program could turn into a link.
  if (fullName !== undefined && NAME_LINK_PATTERN.test(fullName)) add(`${prefix}.fullName`, "invalid_name", MESSAGES.fullNameLink);
  const email = field("email", requiredText(input.email, LIMITS.email, MESSAGES.emailRequired));
  if (email !== undefined && !isValidEmail(email)) add(`${prefix}.email`, "invalid_email", MESSAGES.emailInvalid);
  else if (email !== undefined && isReservedEmailDomain(email)) add(`${prefix}.email`, "undeliverable_email", SHARED_RULES.email.reservedMessage);
  // The waitlist asks only a name and an email (its form shows the company as optional and
  // nothing else); whatever else it is sent must still be valid.
  const text = (name, max, requiredMessage) =>
    optional && isBlank(input[name]) ? "" : field(name, requiredText(input[name], max, requiredMessage));
  const company = text("company", LIMITS.company, MESSAGES.companyRequired);
  const jobTitle = text("jobTitle", LIMITS.jobTitle, MESSAGES.jobTitleRequired);
  const phoneNumber = text("phoneNumber", LIMITS.phoneNumber, MESSAGES.phoneRequired);
  if (phoneNumber && !PHONE_PATTERN.test(phoneNumber)) add(`${prefix}.phoneNumber`, "invalid_phone", MESSAGES.phoneInvalid);
  const role = text("role", 100, MESSAGES.roleRequired);
  if (role && !ATTENDEE_ROLES.includes(role)) add(`${prefix}.role`, "invalid_role", MESSAGES.roleInvalid);

  let dietaryRequirements = "";
  if (!isBlank(input.dietaryRequirements)) {
    dietaryRequirements = field(
      "dietaryRequirements",
      requiredText(input.dietaryRequirements, LIMITS.dietaryRequirements, MESSAGES.textInvalid),
    );
  }
  return { fullName, email, company, jobTitle, phoneNumber, role, dietaryRequirements };
}

/** Why the attendee list has the wrong length for the mode, or null. */
function attendeeCountError(list, mode) {
  const { MAX_ATTENDEES, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  if (!Array.isArray(list) || list.length === 0) return { code: "required", message: MESSAGES.attendeesRequired };
  if (list.length > MAX_ATTENDEES) return { code: "too_many", message: MESSAGES.attendeesTooMany };
  if (mode === "promo" && list.length > 1) return { code: "one_attendee", message: MESSAGES.promoOneAttendee };
  if (mode === "waitlist" && list.length > 1) return { code: "one_attendee", message: MESSAGES.waitlistOneAttendee };
  return null;
}

function validateAttendees(body, mode, add) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const list = body.attendees;
  const countError = attendeeCountError(list, mode);
  if (countError) {
    add("attendees", countError.code, countError.message);
    return [];
  }

  const attendees = list.map((input, index) => validateAttendee(input, `attendees.${index}`, add, mode === "waitlist"));
  const seen = new Set();
  attendees.forEach((attendee, index) => {
    if (!attendee || !attendee.email) return;
    const key = attendee.email.toLowerCase();
    if (seen.has(key)) add(`attendees.${index}.email`, "duplicate_email", MESSAGES.emailDuplicate);
    seen.add(key);
  });
  return attendees;
}

/**
 * A free code is required in promo mode; a paid order may carry a discount
 * code (what either gives is decided in the transaction: lib/registration/promo.js).
 * The waitlist takes none.
 */
function validatePromoCode(body, mode, add) {
  const { LIMITS, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  if (mode === "paid" && (body.promoCode === undefined || body.promoCode === null || body.promoCode === "")) return "";
  if (mode !== "promo" && mode !== "paid") {
    if (!isBlank(body.promoCode)) add("promoCode", "promo_not_allowed", WAITLIST_NO_CODE);
    return "";
  }
  if (typeof body.promoCode !== "string" || body.promoCode.trim() === "") {
    add("promoCode", "required", MESSAGES.promoCodeRequired);
    return "";
  }
  const code = body.promoCode.trim();
  if (code.length > LIMITS.promoCode) add("promoCode", "invalid_promo", MESSAGES.promoCodeInvalid);
  return code;
}

/** UTM values come from URLs the visitor did not type: too long is cut, not refused. */
function validateUtm(body, add) {
  const { LIMITS, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const utm = { utm_source: "", utm_medium: "" };
  if (body.utm === undefined || body.utm === null) return utm;
  if (typeof body.utm !== "object" || Array.isArray(body.utm)) {
    add("utm", "invalid_utm", MESSAGES.utmInvalid);
    return utm;
  }
  for (const [key, value] of Object.entries(body.utm)) {
    if (!UTM_KEYS.includes(key) || (value !== null && typeof value !== "string")) {
      add("utm", "invalid_utm", MESSAGES.utmInvalid);
    } else if (value) {
      utm[key] = value.trim().slice(0, LIMITS.utm);
    }
  }
  return utm;
}

// The page's idempotency key: long and random enough that nobody guesses another's.
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

/** The optional idempotency key, or "" when absent. */
function validateRequestId(body, add) {
  const { MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  if (body.requestId === undefined || body.requestId === null) return "";
  if (typeof body.requestId !== "string" || !REQUEST_ID_PATTERN.test(body.requestId)) {
    add("requestId", "invalid_request_id", MESSAGES.requestIdInvalid);
    return "";
  }
  return body.requestId;
}

/**
 * @param {object} body the parsed JSON request
 * @returns {{errors: Record<string, {code: string, message: string}>} | {registration: object}}
 */
function validateRegistration(body) {
  const { MODES, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  // No prototype: a key such as "constructor" or "__proto__" is an ordinary unknown field.
  const errors = Object.create(null);
  const add = (field, code, message) => {
    if (!errors[field]) errors[field] = { code, message };
  };

  for (const key of Object.keys(body)) {
    if (!REQUEST_KEYS.includes(key)) add(key, "unknown_field", MESSAGES.unknownField(key));
  }
  const mode = MODES.includes(body.mode) ? body.mode : null;
  if (!mode) add("mode", "invalid_mode", MESSAGES.modeInvalid);
  const attendees = validateAttendees(body, mode, add);
  if (body.privacyConsent !== true) add("privacyConsent", "required", MESSAGES.privacyConsentRequired);
  const marketingConsent = body.marketingConsent === undefined || body.marketingConsent === null ? false : body.marketingConsent;
  if (typeof marketingConsent !== "boolean") add("marketingConsent", "invalid", MESSAGES.marketingConsentInvalid);
  const promoCode = validatePromoCode(body, mode, add);
  const utm = validateUtm(body, add);
  const requestId = validateRequestId(body, add);
  // The early-access token of an email to the waitlist (checked against the event in the transaction: lib/waitlist/early-access-check.js).
  const earlyAccess = require(`${__hooks}/lib/waitlist/early-access-check.js`).validateField(body, mode, add);
  // The claim link of a waitlist offer, {offer, token} (checked in the transaction: lib/waitlist/offer-claims.js).
  const waitlistOffer = require(`${__hooks}/lib/waitlist/offer-claims.js`).validateField(body, mode, add);

  if (Object.keys(errors).length > 0) return { errors };
  // `event` (an id; the featured event when absent) is checked by the route (event-summary.js requestedEvent).
  return { registration: { mode, attendees, promoCode, marketingConsent, utm, requestId, earlyAccess, waitlistOffer, event: body.event } };
}

module.exports = { validateRegistration, validateAttendee, isValidEmail, isReservedEmailDomain };
