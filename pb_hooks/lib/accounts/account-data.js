/// <reference path="../../../pb_data/types.d.ts" />
// The attendee's own data (Australian Privacy Principles 12 and 13, README
// "Your data: download and deletion"):
// - exportFor: one JSON document with everything held about the signed-in
//   user (account, their attendee rows, the registrations they bought or sit
//   on, tool records, emails sent to them, contact messages, early access,
//   unsubscribe), never another person's details nor a secret or internal field;
// - deleteAccount: removes the account and its tool records, anonymises every
//   attendee row of theirs, keeps the financial records the law requires
//   (amounts, currency, Stripe ids, payment_actions), cancels mail still queued
//   to them and leaves a tombstone so their other devices drop their copy;
// - anonymiseAttendee: the same anonymisation of one attendee row, for
//   administrators;
// - applyRetention: the daily job that removes what the privacy policy says is
//   kept no longer (DATA_RETENTION_YEARS after the event).
// Everything that writes runs in one transaction: a refusal or a fault leaves
// nothing half done.

const ANONYMISED_NAME = "Deleted attendee";
/** RFC 2606 reserves `.invalid`: an address there can never receive mail. */
const PLACEHOLDER_DOMAIN = "deleted.invalid";
const REMOVED_CONTENT = "Removed: the recipient's personal details were deleted.";
const CANCELLED_NOTE = "Cancelled: the recipient's personal details were deleted before it was sent.";
const CONFIRM_WORD = "DELETE";
/** Registration data is kept up to 3 years after the event (spec section 9; src/features/public-pages/legal/policyFacts.ts). */
const DATA_RETENTION_YEARS = 3;
/** Australian tax law: business records are kept for 5 years. */
const FINANCIAL_RECORD_YEARS = 5;
const TOOL_COLLECTIONS = ["readiness_assessments", "business_cases", "saved_use_cases"];
const MAX_BODY_BYTES = 4096;
const ID_PATTERN = /^[a-z0-9]{15}$/;

const MESSAGES = {
  confirmationRequired: `Type ${CONFIRM_WORD} or your email address to confirm.`,
  passwordRequired: "Enter your password to confirm.",
  passwordWrong: "The password is not correct.",
  lastAdministrator:
    "You are the only administrator. Make another account an administrator first, then delete this one.",
  notAnAttendee: "Only attendee and administrator accounts can use this.",
  adminOnly: "Only administrators can anonymise attendees.",
  attendeeNotFound: "Attendee not found.",
  alreadyAnonymised: "This attendee has already been anonymised.",
  invalidId: "This is not an account id.",
};


function normalizeEmail(email) {
  return String(email || "").trim().toLowerCase();
}

/** A non-routable address unique to one row (kind + record id). */
function placeholderEmail(kind, id) {
  return `deleted-${kind}-${id}@${PLACEHOLDER_DOMAIN}`;
}

function isPlaceholder(email) {
  return normalizeEmail(email).endsWith(`@${PLACEHOLDER_DOMAIN}`);
}

// ---------------------------------------------------------------------------
// Reading

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

function fieldValue(record, field) {
  const name = field.getName();
  switch (field.type()) {
    case "json": {
      const raw = record.getString(name);
      if (!raw) return null;
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    }
    case "number":
      return record.getFloat(name);
    case "bool":
      return record.getBool(name);
    default:
      return record.getString(name);
  }
}

/** Every visible field of a record except those named, as plain JSON values. */
function plainRecord(record, leaveOut) {
  const out = { id: record.id };
  for (const field of record.collection().fields) {
    const name = field.getName();
    if (name === "id" || field.getHidden() || (leaveOut || []).includes(name)) continue;
    out[name] = fieldValue(record, field);
  }
  return out;
}

/** Only the named fields (the export's allowlists: nothing new slips in unseen). */
function pick(record, names) {
  const out = { id: record.id };
  const byName = {};
  for (const field of record.collection().fields) byName[field.getName()] = field;
  names.forEach((name) => {
    if (byName[name] && !byName[name].getHidden()) out[name] = fieldValue(record, byName[name]);
  });
  return out;
}

function eventSummary(app, eventId, cache) {
  if (!eventId) return null;
  if (!cache[eventId]) {
    try {
      const event = app.findRecordById("events", eventId);
      cache[eventId] = { id: event.id, title: event.getString("title"), starts_at: event.getString("starts_at") };
    } catch {
      cache[eventId] = { id: eventId };
    }
  }
  return cache[eventId];
}

function collectionExists(app, name) {
  try {
    app.findCollectionByNameOrId(name);
    return true;
  } catch {
    return false;
  }
}

const ACCOUNT_FIELDS = [
  "email", "full_name", "company", "job_title", "industry", "linkedin_url", "avatar_url", "role", "verified", "created", "updated",
];
const ATTENDEE_FIELDS = [
  "registration", "full_name", "email", "company", "job_title", "role", "phone_number", "dietary_requirements",
  "privacy_consent", "marketing_consent", "utm_source", "utm_medium", "registration_status", "invitation_sent",
  "invitation_sent_at", "created", "updated",
];
const REGISTRATION_FIELDS = ["kind", "status", "created", "updated"];
/** What the buyer typed and paid: shown to the buyer only, never to a colleague on the registration. */
const BUYER_FIELDS = ["primary_email", "total_amount_cents", "paid_amount_cents", "currency", "utm_source", "utm_medium"];
const EMAIL_FIELDS = ["subject", "template", "status", "created", "sent_at"];
const CONTACT_FIELDS = ["name", "email", "subject", "message", "created"];

/**
 * Everything held about the user, as one JSON document.
 * Registrations: those they bought (primary email theirs) and those their
 * attendee rows are on, each with its own facts only; the other people on a
 * shared registration appear as a count, never their details.
 * @param {core.App} app
 * @param {core.Record} user
 */
function exportFor(app, user) {
  const email = normalizeEmail(user.email());
  const events = {};
  const rows = attendeeRowsOf(app, user);

  const registrationIds = {};
  rows.forEach((row) => {
    registrationIds[row.getString("registration")] = true;
  });
  findWhere(app, "registrations", "lower([[primary_email]]) = {:email}", { email }).forEach((registration) => {
    registrationIds[registration.id] = true;
  });
  const registrations = Object.keys(registrationIds).length
    ? app.findRecordsByIds("registrations", Object.keys(registrationIds))
    : [];

  const exportedRegistrations = registrations.map((registration) => {
    const bought = normalizeEmail(registration.getString("primary_email")) === email;
    const own = rows.filter((row) => row.getString("registration") === registration.id).map((row) => row.id);
    const everyone = findWhere(app, "attendees", "[[registration]] = {:id}", { id: registration.id });
    const out = pick(registration, REGISTRATION_FIELDS);
    out.event = eventSummary(app, registration.getString("event"), events);
    out.your_part = bought ? (own.length ? "buyer and attendee" : "buyer") : "attendee";
    if (bought) Object.assign(out, pick(registration, BUYER_FIELDS), { id: registration.id });
    out.your_attendee_rows = own;
    out.other_attendees = everyone.length - own.length;
    // Refunds: all of a registration they bought; on someone else's, only those of their own seats (when refunds name one).
    const actions = findWhere(app, "payment_actions", "[[registration]] = {:id}", { id: registration.id }).filter((action) =>
      bought || (hasField(action, "attendee") && own.includes(action.getString("attendee"))));
    out.refunds = actions.map((action) => pick(action, ["kind", "amount_cents", "currency", "status", "created"]));
    return out;
  });

  const tools = {};
  TOOL_COLLECTIONS.forEach((collection) => {
    tools[collection] = findWhere(app, collection, "[[owner]] = {:id}", { id: user.id }).map((record) =>
      plainRecord(record, ["owner"]));
  });

  const sentToYou = findWhere(app, "emails", "lower([[to]]) = {:email}", { email }).map((mail) => pick(mail, EMAIL_FIELDS));

  const document = {
    format: "ai-champions-my-data/1",
    exported_at: new Date().toISOString(),
    about:
      "Everything the AI Champions Masterclass holds about you. Registrations show their own facts; " +
      "other people on a registration you share appear only as a count. Passwords are stored only as a hash and are never exported.",
    account: pick(user, ACCOUNT_FIELDS),
    attendee_rows: rows.map((row) => {
      const out = pick(row, ATTENDEE_FIELDS);
      out.event = eventSummary(app, row.getString("event"), events);
      out.linked_to_your_account = row.getString("user") === user.id;
      return out;
    }),
    registrations: exportedRegistrations,
    readiness_assessments: tools.readiness_assessments,
    business_cases: tools.business_cases,
    saved_use_cases: tools.saved_use_cases,
    emails_sent_to_you: sentToYou,
    contact_messages: findWhere(app, "contact_messages", "lower([[email]]) = {:email}", { email }).map((message) =>
      pick(message, CONTACT_FIELDS)),
  };
  if (collectionExists(app, "early_access")) {
    document.early_access = findWhere(app, "early_access", "lower([[email]]) = {:email}", { email }).map((row) => {
      const out = pick(row, ["email", "full_name", "sent_at", "created"]);
      out.event = eventSummary(app, row.getString("event"), events);
      return out;
    });
  }
  if (collectionExists(app, "waitlist_offers")) {
    document.waitlist_offers = findWhere(app, "waitlist_offers", "lower([[email]]) = {:email}", { email }).map((offer) => {
      const out = pick(offer, ["email", "full_name", "status", "offered_at", "expires_at", "ended_at", "created"]);
      out.event = eventSummary(app, offer.getString("event"), events);
      return out;
    });
  }
  if (collectionExists(app, "check_ins")) {
    document.check_ins = [];
    rows.forEach((row) => {
      findWhere(app, "check_ins", "[[attendee]] = {:id}", { id: row.id }).forEach((checkIn) => {
        const out = pick(checkIn, ["attendee", "method", "scanned_at", "undone_at"]);
        out.event = eventSummary(app, checkIn.getString("event"), events);
        document.check_ins.push(out);
      });
    });
  }
  if (collectionExists(app, "unsubscribes")) {
    const found = findWhere(app, "unsubscribes", "lower([[email]]) = {:email}", { email });
    document.unsubscribed = found.length ? pick(found[0], ["email", "created"]) : null;
  }
  return document;
}

/** "ai-champions-my-data-YYYY-MM-DD.json", today in Adelaide (the masterclass's own zone). */
function exportFileName(now) {
  const offset = require(`${__hooks}/lib/events/format.js`).zoneOffset("Australia/Adelaide", now);
  const local = new Date(now.getTime() + offset.minutes * 60000);
  return `ai-champions-my-data-${local.toISOString().slice(0, 10)}.json`;
}

// ---------------------------------------------------------------------------
// Writing (inside a transaction: every function takes the transaction's app)

/** Writes (or refreshes) the tombstone that tells the owner's devices a record is gone from them. */
function writeTombstone(txApp, collection, recordId, owner) {
  let tombstone;
  try {
    tombstone = txApp.findFirstRecordByFilter("tombstones", "collection = {:collection} && record_id = {:id}", {
      collection,
      id: recordId,
    });
  } catch {
    tombstone = new Record(txApp.findCachedCollectionByNameOrId("tombstones"));
    tombstone.set("collection", collection);
    tombstone.set("record_id", recordId);
  }
  tombstone.set("owner", owner);
  txApp.save(tombstone);
}

/**
 * An outbox email to someone whose details were deleted: a queued one is
 * cancelled; every one keeps its date, subject, template and status but loses
 * its address and content; its deliverable copy (email_secrets) is deleted.
 */
function scrubEmail(txApp, mail) {
  if (mail.getString("status") === "queued") {
    mail.set("status", "cancelled");
    mail.set("last_error", CANCELLED_NOTE);
    mail.set("next_attempt_at", "");
  }
  mail.set("to", placeholderEmail("email", mail.id));
  mail.set("html", `<p>${REMOVED_CONTENT}</p>`);
  mail.set("text", REMOVED_CONTENT);
  txApp.save(mail);
  findWhere(txApp, "email_secrets", "[[email]] = {:id}", { id: mail.id }).forEach((secret) => txApp.delete(secret));
}

function hasField(record, name) {
  return !!record.collection().fields.getByName(name);
}

/** A waitlist offer to someone whose details were deleted keeps its event, status and dates only. */
function scrubOffer(txApp, offer) {
  offer.set("email", placeholderEmail("offer", offer.id));
  offer.set("full_name", ANONYMISED_NAME);
  txApp.save(offer);
}

/** The registration's contact details go; its money (amounts, currency, Stripe ids, status) stays. */
function scrubRegistration(txApp, registration) {
  registration.set("primary_email", placeholderEmail("registration", registration.id));
  registration.set("utm_source", "");
  registration.set("utm_medium", "");
  registration.set("email_error_log", "");
  txApp.save(registration);
}

/**
 * Anonymises one attendee row: name → "Deleted attendee", email → a
 * placeholder unique to the row, company, job title, phone, dietary
 * requirements, UTM and marketing consent cleared, account link cleared (the
 * account's devices get a tombstone). Kept: event, registration, status,
 * role, privacy consent, invitation marks, ticket. Emails tied to the row are
 * scrubbed, and so is its registration's primary email when it was this
 * person's address.
 */
function anonymiseRow(txApp, row) {
  const formerEmail = normalizeEmail(row.getString("email"));
  const formerUser = row.getString("user");
  row.set("full_name", ANONYMISED_NAME);
  row.set("email", placeholderEmail("attendee", row.id));
  ["company", "job_title", "phone_number", "dietary_requirements", "utm_source", "utm_medium"].forEach((name) => row.set(name, ""));
  if (hasField(row, "cancellation_reason")) row.set("cancellation_reason", "");
  row.set("marketing_consent", false);
  row.set("user", "");
  txApp.save(row);
  if (collectionExists(txApp, "waitlist_offers")) {
    findWhere(txApp, "waitlist_offers", "[[attendee]] = {:id} AND [[email]] NOT LIKE {:placeholder}", {
      id: row.id,
      placeholder: `%@${PLACEHOLDER_DOMAIN}`,
    }).forEach((offer) => scrubOffer(txApp, offer));
  }
  if (formerUser) writeTombstone(txApp, "attendees", row.id, formerUser);

  findWhere(txApp, "emails", "[[attendee]] = {:id}", { id: row.id }).forEach((mail) => scrubEmail(txApp, mail));
  try {
    const registration = txApp.findRecordById("registrations", row.getString("registration"));
    if (normalizeEmail(registration.getString("primary_email")) === formerEmail) scrubRegistration(txApp, registration);
  } catch {
    // no registration: nothing more to scrub
  }
}

// ---------------------------------------------------------------------------
// Routes

function requestErrors() {
  return require(`${__hooks}/lib/core/errors.js`);
}

/** The signed-in attendee or administrator (superusers have no data of their own here). */
function signedInUser(e) {
  const { refusal } = requestErrors();
  if (!e.auth || e.auth.collection().name !== "users") throw refusal(403, "auth", "forbidden", MESSAGES.notAnAttendee);
  return e.auth;
}

/** GET /api/masterclass/account/export @param {core.RequestEvent} e */
function handleExport(e) {
  return requestErrors().answerRefusals(e, () => {
    const user = signedInUser(e);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "accountExports", user.id);
    const document = exportFor(e.app, user);
    const header = e.response.header();
    header.set("Content-Disposition", `attachment; filename="${exportFileName(new Date())}"`);
    header.set("Cache-Control", "no-store");
    header.set("X-Content-Type-Options", "nosniff");
    return e.json(200, document);
  });
}

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
  let refused = null;
  app.runInTransaction((txApp) => {
    const user = txApp.findRecordById("users", userId);
    if (user.getString("role") === "administrator" && countOtherAdministrators(txApp, user.id) === 0) {
      refused = requestErrors().refusal(409, "role", "last_administrator", MESSAGES.lastAdministrator);
      return;
    }
    const email = normalizeEmail(user.email());
    attendeeRowsOf(txApp, user).forEach((row) => anonymiseRow(txApp, row));
    findWhere(txApp, "registrations", "lower([[primary_email]]) = {:email}", { email }).forEach((registration) =>
      scrubRegistration(txApp, registration));
    TOOL_COLLECTIONS.forEach((collection) => {
      findWhere(txApp, collection, "[[owner]] = {:id}", { id: user.id }).forEach((record) => txApp.delete(record));
    });
    findWhere(txApp, "emails", "lower([[to]]) = {:email}", { email }).forEach((mail) => scrubEmail(txApp, mail));
    findWhere(txApp, "contact_messages", "lower([[email]]) = {:email}", { email }).forEach((message) => txApp.delete(message));
    if (collectionExists(txApp, "early_access")) {
      findWhere(txApp, "early_access", "lower([[email]]) = {:email}", { email }).forEach((row) => txApp.delete(row));
    }
    if (collectionExists(txApp, "waitlist_offers")) {
      findWhere(txApp, "waitlist_offers", "lower([[email]]) = {:email}", { email }).forEach((offer) => scrubOffer(txApp, offer));
    }
    writeTombstone(txApp, "users", user.id, user.id);
    txApp.delete(user);
  });
  return refused;
}

/** POST /api/masterclass/account/delete {confirmation, password} @param {core.RequestEvent} e */
function handleDelete(e) {
  const { answerRefusals, readJsonObject, invalidFields, refusal } = requestErrors();
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
    const limiter = require(`${__hooks}/lib/core/rate-limit.js`);
    const key = `users:${normalizeEmail(user.email())}`;
    const blocked = limiter.exhausted(e.app, "signInFailures", key);
    if (blocked) throw blocked;
    if (!user.validatePassword(password)) {
      limiter.consume(e.app, "signInFailures", key);
      throw refusal(400, "password", "password_wrong", MESSAGES.passwordWrong);
    }

    const refused = deleteAccountData(e.app, user.id);
    if (refused) throw refused;
    e.app.logger().info("Account deleted at the user's request", "user", user.id);
    return e.json(200, { deleted: true });
  });
}

/** POST /api/masterclass/account/deleted {id}: whether the account was deleted here (its devices then forget it). */
function handleDeletedCheck(e) {
  const { answerRefusals, readJsonObject, refusal } = requestErrors();
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const id = typeof body.id === "string" ? body.id : "";
    if (!ID_PATTERN.test(id)) throw refusal(400, "id", "invalid_id", MESSAGES.invalidId);
    const found = findWhere(e.app, "tombstones", "[[collection]] = 'users' AND [[record_id]] = {:id}", { id });
    return e.json(200, { deleted: found.length > 0 });
  });
}

/** POST /api/masterclass/admin/attendees/{id}/anonymise @param {core.RequestEvent} e */
function handleAdminAnonymise(e) {
  const { answerRefusals, refusal } = requestErrors();
  return answerRefusals(e, () => {
    if (!require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e)) throw refusal(403, "auth", "forbidden", MESSAGES.adminOnly);
    const id = e.request.pathValue("id");
    let outcome = null;
    e.app.runInTransaction((txApp) => {
      let row;
      try {
        row = txApp.findRecordById("attendees", id);
      } catch {
        outcome = refusal(404, "id", "not_found", MESSAGES.attendeeNotFound);
        return;
      }
      if (isPlaceholder(row.getString("email"))) {
        outcome = refusal(409, "id", "already_anonymised", MESSAGES.alreadyAnonymised);
        return;
      }
      anonymiseRow(txApp, row);
      outcome = { id: row.id, full_name: row.getString("full_name"), email: row.getString("email") };
    });
    if (outcome && outcome.isRequestError) throw outcome;
    e.app.logger().info("Attendee anonymised by an administrator", "attendee", id, "by", e.auth ? e.auth.id : "");
    return e.json(200, outcome);
  });
}

// ---------------------------------------------------------------------------
// Retention (daily)

function yearsBefore(now, years) {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return require(`${__hooks}/lib/core/db-date.js`).dbDate(date);
}

/**
 * What the privacy policy says is kept no longer: for every masterclass that
 * ended more than DATA_RETENTION_YEARS ago, its attendee rows are anonymised,
 * its registrations lose their contact details (the money stays) and its
 * early-access rows go; outbox emails and contact messages older than that
 * lose their address and content / are deleted. One transaction per
 * masterclass. Returns what it did.
 * @param {core.App} app
 * @param {Date} [now]
 */
function applyRetention(app, now) {
  const cutoff = yearsBefore(now || new Date(), DATA_RETENTION_YEARS);
  const done = { attendees: 0, registrations: 0, emails: 0, contactMessages: 0, earlyAccess: 0 };
  const events = findWhere(app, "events", "[[ends_at]] != '' AND [[ends_at]] < {:cutoff}", { cutoff });
  events.forEach((event) => {
    app.runInTransaction((txApp) => {
      findWhere(txApp, "attendees", "[[event]] = {:event} AND [[email]] NOT LIKE {:placeholder}", {
        event: event.id,
        placeholder: `%@${PLACEHOLDER_DOMAIN}`,
      }).forEach((row) => {
        anonymiseRow(txApp, row);
        done.attendees += 1;
      });
      findWhere(txApp, "registrations", "[[event]] = {:event} AND [[primary_email]] NOT LIKE {:placeholder}", {
        event: event.id,
        placeholder: `%@${PLACEHOLDER_DOMAIN}`,
      }).forEach((registration) => {
        scrubRegistration(txApp, registration);
        done.registrations += 1;
      });
      if (collectionExists(txApp, "early_access")) {
        findWhere(txApp, "early_access", "[[event]] = {:event}", { event: event.id }).forEach((row) => {
          txApp.delete(row);
          done.earlyAccess += 1;
        });
      }
      if (collectionExists(txApp, "waitlist_offers")) {
        findWhere(txApp, "waitlist_offers", "[[event]] = {:event} AND [[email]] NOT LIKE {:placeholder}", {
          event: event.id,
          placeholder: `%@${PLACEHOLDER_DOMAIN}`,
        }).forEach((offer) => scrubOffer(txApp, offer));
      }
    });
  });
  app.runInTransaction((txApp) => {
    findWhere(txApp, "emails", "[[created]] < {:cutoff} AND [[to]] NOT LIKE {:placeholder}", {
      cutoff,
      placeholder: `%@${PLACEHOLDER_DOMAIN}`,
    }).forEach((mail) => {
      scrubEmail(txApp, mail);
      done.emails += 1;
    });
    findWhere(txApp, "contact_messages", "[[created]] < {:cutoff}", { cutoff }).forEach((message) => {
      txApp.delete(message);
      done.contactMessages += 1;
    });
  });
  return done;
}

module.exports = {
  ANONYMISED_NAME,
  PLACEHOLDER_DOMAIN,
  DATA_RETENTION_YEARS,
  FINANCIAL_RECORD_YEARS,
  MESSAGES,
  isPlaceholder,
  exportFor,
  exportFileName,
  deleteAccountData,
  handleExport,
  handleDelete,
  handleDeletedCheck,
  handleAdminAnonymise,
  applyRetention,
};
