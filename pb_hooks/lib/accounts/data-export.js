/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/account/export — the signed-in user's own data
// (Australian Privacy Principle 12, README "Your data: download and
// deletion"): one JSON document with everything held about them (account,
// their attendee rows, the registrations they bought or sit on, tool records,
// emails sent to them, contact messages, early access, waitlist offers,
// check-ins, unsubscribe), never another person's details nor a secret or
// internal field.

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

/** Which masterclass a row is about: its id, title and start (lib/events/answer.js), read once per export. */
function eventSummary(app, eventId, cache) {
  if (!eventId) return null;
  if (!cache[eventId]) {
    try {
      const { id, title, starts_at } = require(`${__hooks}/lib/events/answer.js`).eventAnswer(app.findRecordById("events", eventId));
      cache[eventId] = { id, title, starts_at };
    } catch {
      cache[eventId] = { id: eventId };
    }
  }
  return cache[eventId];
}

const ACCOUNT_FIELDS = [
  "email", "full_name", "company", "job_title", "industry", "linkedin_url", "avatar_url", "photo", "role", "verified", "created", "updated",
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
  const { TOOL_COLLECTIONS, normalizeEmail, findWhere, attendeeRowsOf, collectionExists, hasField } = require(`${__hooks}/lib/accounts/personal-data.js`);
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

/** GET /api/masterclass/account/export @param {core.RequestEvent} e */
function handleExport(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const user = require(`${__hooks}/lib/accounts/personal-data.js`).signedInUser(e);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "accountExports", user.id);
    const document = exportFor(e.app, user);
    const header = e.response.header();
    header.set("Content-Disposition", `attachment; filename="${exportFileName(new Date())}"`);
    header.set("Cache-Control", "no-store");
    header.set("X-Content-Type-Options", "nosniff");
    return e.json(200, document);
  });
}

module.exports = { exportFor, exportFileName, handleExport };
