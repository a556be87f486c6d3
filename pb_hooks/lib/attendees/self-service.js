/// <reference path="../../../pb_data/types.d.ts" />
// An attendee keeps their own registration right (signed in, on their own
// attendee row only; others' rows answer like missing ones):
//   GET  /api/masterclass/my-registration?attendee=… — the row's details and what may be changed until when
//   POST /api/masterclass/my-registration/details {attendee, phoneNumber, dietaryRequirements}
//        — until DETAILS_CUTOFF_HOURS (default 48) before the start
//   POST /api/masterclass/my-registration/substitute {attendee, fullName, email, company, jobTitle}
//        — a colleague takes the seat, until SUBSTITUTION_CUTOFF_HOURS (default 24) before the start
// The fields are checked by the registration's own rules
// (lib/registration/validation.js validateAttendee).
//
// A seat passed to a colleague, in ONE transaction: a new attendee row for the
// colleague on the same registration (confirmed as the seat was, a new ticket
// code from the record hook, `replaces` naming the row it took over, linked to
// the colleague's account if they have one), the original row cancelled with
// `cancelled_by = substitution` (so its ticket no longer admits anyone and its
// account loses the seat, the portal's ticket and the materials; the account
// itself stays), the colleague's ticket, their invitation and the original
// person's confirmation queued in the outbox. Both rows keep their own history
// and emails; the number of seats taken never changes, since one confirmed row
// replaces another inside the transaction. SQLite's single writer serialises
// two such requests (two tabs) and a door's check-in of the same row: the
// second finds the row passed on (or checked in) and is refused with 409.

const MAX_BODY_BYTES = 4096;
const HOUR_MS = 60 * 60 * 1000;
const DETAILS_FIELDS = ["phoneNumber", "dietaryRequirements"];
const COLLEAGUE_FIELDS = ["fullName", "email", "company", "jobTitle"];
const CHANGEABLE = ["confirmed", "confirmed_observer"];

const MESSAGES = {
  signIn: "Please sign in to change your registration.",
  attendeeInvalid: "Say which registration: the attendee must be given by its id.",
  notFound: "We could not find this registration.",
  unknownField: (key) => `${key} cannot be changed here.`,
  detailsClosed: (when) => `Changes to your details were possible until ${when}. Please contact us if something needs to change.`,
  substitutionClosed: (when) => `A colleague could be sent in your place until ${when}. Please contact us if you cannot attend.`,
  cancelled: "This registration has been cancelled, so it can no longer be changed.",
  passedOn: (name) => `This seat has already been passed to ${name}.`,
  waitlisted: "This is a waitlist entry, which holds no seat: there is nothing to change yet.",
  notConfirmed: "Only a confirmed registration can be changed.",
  checkedIn: "You have already been checked in at the door, so your seat can no longer be passed on.",
  emailRegistered: "This email address is already registered for this masterclass. Please name someone who is not registered yet.",
};

function errors() {
  return require(`${__hooks}/lib/core/errors.js`);
}

/** A cut-off in whole hours before the start from its environment variable (0–720), else its default. */
function cutoffHours(name, fallback) {
  const raw = ($os.getenv(name) || "").trim();
  if (!/^\d{1,3}$/.test(raw)) return fallback;
  const hours = parseInt(raw, 10);
  return hours <= 720 ? hours : fallback;
}

/** Until when the details and the seat may be changed, and whether they may be now. */
function windows(event, now) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const timezone = event.getString("timezone") || "UTC";
  const start = format.parseUtc(event.getString("starts_at"));
  const window = (hours) => {
    const until = start ? new Date(start.getTime() - hours * HOUR_MS) : null;
    return { until, open: !!until && now.getTime() < until.getTime(), text: until ? format.formatInstant(until, timezone) : "" };
  };
  return { details: window(cutoffHours("DETAILS_CUTOFF_HOURS", 48)), substitution: window(cutoffHours("SUBSTITUTION_CUTOFF_HOURS", 24)) };
}

function findRecord(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** The signed-in account's own attendee row, or the refusal. */
function ownRow(e, app, attendeeId) {
  const { refusal } = errors();
  if (!e.auth || e.auth.collection().name !== "users") throw refusal(401, "auth", "unauthorized", MESSAGES.signIn);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(attendeeId)) throw refusal(400, "attendee", "invalid", MESSAGES.attendeeInvalid);
  const attendee = findRecord(app, "attendees", attendeeId);
  if (!attendee || attendee.getString("user") !== e.auth.id) throw refusal(404, "attendee", "not_found", MESSAGES.notFound);
  return attendee;
}

/** Whether the row has a check-in that was not undone. */
function isCheckedIn(app, attendeeId) {
  const row = new DynamicModel({ value: 0 });
  app.db()
    .newQuery("SELECT COUNT(*) AS value FROM check_ins WHERE attendee = {:attendee} AND COALESCE(undone_at, '') = ''")
    .bind({ attendee: attendeeId })
    .one(row);
  return row.value > 0;
}

/** The row that took this one's seat, or null. */
function replacementOf(app, attendeeId) {
  const found = app.findRecordsByFilter("attendees", "replaces = {:id}", "-created", 1, 0, { id: attendeeId });
  return found.length > 0 ? found[0] : null;
}

/** Why the row's status allows no change: `{code, message}` or null. */
function statusProblem(app, attendee) {
  const status = attendee.getString("registration_status");
  if (status === "cancelled") {
    const replacement = attendee.getString("cancelled_by") === "substitution" ? replacementOf(app, attendee.id) : null;
    return replacement
      ? { code: "passed_on", message: MESSAGES.passedOn(replacement.getString("full_name")) }
      : { code: "cancelled", message: MESSAGES.cancelled };
  }
  if (status === "waitlisted") return { code: "waitlisted", message: MESSAGES.waitlisted };
  if (!CHANGEABLE.includes(status)) return { code: "not_confirmed", message: MESSAGES.notConfirmed };
  return null;
}

/** What may be changed now: `{details: {open, until, untilText, reason}, substitution: {…}}`. */
function allowances(app, attendee, event, now) {
  const times = windows(event, now);
  const problem = statusProblem(app, attendee);
  const checkedIn = !problem && isCheckedIn(app, attendee.id);
  const one = (window, extra) => {
    const reason = problem ? problem.code : !window.open ? "cutoff" : extra || "";
    return { open: reason === "", until: window.until ? window.until.toISOString() : "", untilText: window.text, reason };
  };
  return { details: one(times.details, ""), substitution: one(times.substitution, checkedIn ? "checked_in" : "") };
}

/** The answer of every route: the row as its owner sees it and what may be changed. */
function registrationAnswer(app, attendee, now) {
  const event = app.findRecordById("events", attendee.getString("event"));
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const replacement = attendee.getString("cancelled_by") === "substitution" ? replacementOf(app, attendee.id) : null;
  return {
    attendee: {
      id: attendee.id,
      fullName: attendee.getString("full_name"),
      email: attendee.getString("email"),
      company: attendee.getString("company"),
      jobTitle: attendee.getString("job_title"),
      phoneNumber: attendee.getString("phone_number"),
      dietaryRequirements: attendee.getString("dietary_requirements"),
      status: attendee.getString("registration_status"),
    },
    event: { id: event.id, title: event.getString("title"), when: facts.when, startsAt: event.getString("starts_at") },
    ...allowances(app, attendee, event, now),
    passedTo: replacement ? { fullName: replacement.getString("full_name"), at: attendee.getString("cancelled_at") } : null,
    contactUrl: `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/contact`,
  };
}

/**
 * The body's fields checked by the registration's rules: `{attendeeId, values}`
 * or a 400 naming every bad field. Keys other than `attendee` and `fields` are refused.
 */
function readFields(e, fields) {
  const { refusal, invalidFields, readJsonObject } = errors();
  const body = readJsonObject(e, MAX_BODY_BYTES);
  const problems = {};
  for (const key of Object.keys(body)) {
    if (key !== "attendee" && !fields.includes(key)) problems[key] = { code: "unknown_field", message: MESSAGES.unknownField(key) };
  }
  const given = {};
  for (const field of fields) given[field] = body[field];
  const checked = require(`${__hooks}/lib/registration/validation.js`).validateAttendee(given, "attendee", (key, code, message) => {
    const field = key.slice("attendee.".length);
    if (fields.includes(field) && !problems[field]) problems[field] = { code, message };
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(body.attendee)) throw refusal(400, "attendee", "invalid", MESSAGES.attendeeInvalid);
  const values = {};
  for (const field of fields) values[field] = checked[field];
  return { attendeeId: body.attendee, values };
}

/** GET /api/masterclass/my-registration?attendee=… @param {core.RequestEvent} e */
function handleView(e) {
  return errors().answerRefusals(e, () => {
    const attendee = ownRow(e, e.app, e.request.url.query().get("attendee"));
    return e.json(200, registrationAnswer(e.app, attendee, new Date()));
  });
}

/** The refusal for a change the row's state or the cut-off does not allow, or null. */
function changeRefusal(app, attendee, allowance, closedMessage) {
  const { refusal } = errors();
  if (allowance.open) return null;
  const problem = statusProblem(app, attendee);
  if (problem) return refusal(409, "attendee", problem.code, problem.message);
  if (allowance.reason === "checked_in") return refusal(409, "attendee", "checked_in", MESSAGES.checkedIn);
  const error = refusal(409, "attendee", "cutoff", closedMessage(allowance.untilText));
  error.data.attendee.until = allowance.until;
  return error;
}

/** POST /api/masterclass/my-registration/details @param {core.RequestEvent} e */
function handleDetails(e) {
  return errors().answerRefusals(e, () => {
    const { attendeeId, values } = readFields(e, DETAILS_FIELDS);
    ownRow(e, e.app, attendeeId);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "detailsChanges", e.auth.id);
    // One transaction; a refusal thrown in it is answered after it, which then wrote nothing.
    const saved = require(`${__hooks}/lib/cancellation/cancel.js`).inTransaction(e.app, (txApp) => {
      const now = new Date();
      const attendee = ownRow(e, txApp, attendeeId);
      const event = txApp.findRecordById("events", attendee.getString("event"));
      const refused = changeRefusal(txApp, attendee, allowances(txApp, attendee, event, now).details, MESSAGES.detailsClosed);
      if (refused) throw refused;
      attendee.set("phone_number", values.phoneNumber);
      attendee.set("dietary_requirements", values.dietaryRequirements);
      txApp.save(attendee);
      return attendee;
    });
    e.app.logger().info("Attendee changed their details", "attendee", attendeeId);
    return e.json(200, registrationAnswer(e.app, saved, new Date()));
  });
}

/** The colleague's email is free at the event (no live row there, no row of any status on the registration). */
function emailRegistered(app, attendee, email) {
  const row = new DynamicModel({ value: 0 });
  app.db()
    .newQuery(`SELECT COUNT(*) AS value FROM attendees WHERE lower(email) = {:email}
      AND ((event = {:event} AND registration_status != 'cancelled') OR registration = {:registration})`)
    .bind({ email: email.toLowerCase(), event: attendee.getString("event"), registration: attendee.getString("registration") })
    .one(row);
  return row.value > 0;
}

/** In the transaction: the colleague's row, the original cancelled, the emails queued. */
function substitute(txApp, attendee, colleague) {
  const accounts = require(`${__hooks}/lib/accounts/accounts.js`);
  const account = accounts.findUserByEmail(txApp, colleague.email);
  const row = new Record(txApp.findCachedCollectionByNameOrId("attendees"));
  row.load({
    registration: attendee.getString("registration"),
    event: attendee.getString("event"),
    full_name: colleague.fullName,
    email: accounts.normalizeEmail(colleague.email),
    company: colleague.company,
    job_title: colleague.jobTitle,
    phone_number: "",
    dietary_requirements: "",
    user: account ? account.id : "",
    privacy_consent: attendee.getBool("privacy_consent"),
    marketing_consent: false,
    utm_source: attendee.getString("utm_source"),
    utm_medium: attendee.getString("utm_medium"),
    registration_status: attendee.getString("registration_status"),
    replaces: attendee.id,
  });
  // The seat's price goes with it: the colleague's row holds it, the row passed on keeps 0 (lib/cancellation/seat-money.js).
  require(`${__hooks}/lib/cancellation/seat-money.js`).moveSeatPrice(attendee, row);
  txApp.save(row);

  require(`${__hooks}/lib/cancellation/cancel.js`).markCancelled(
    txApp, attendee, "substitution", `Seat passed to ${colleague.fullName} (${row.getString("email")})`,
  );

  const event = txApp.findRecordById("events", attendee.getString("event"));
  require(`${__hooks}/lib/attendees/emails.js`).queueSubstitutionEmails(txApp, { from: attendee, to: row, event });
  const invitation = require(`${__hooks}/lib/accounts/admin-invitation.js`).queueInvitation(txApp, row.id);
  if (invitation.refusal) throw invitation.refusal;
  return row;
}

/** POST /api/masterclass/my-registration/substitute @param {core.RequestEvent} e */
function handleSubstitute(e) {
  return errors().answerRefusals(e, () => {
    const { attendeeId, values } = readFields(e, COLLEAGUE_FIELDS);
    ownRow(e, e.app, attendeeId);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "substitutions", e.auth.id);
    const result = require(`${__hooks}/lib/cancellation/cancel.js`).inTransaction(e.app, (txApp) => {
      const now = new Date();
      const attendee = ownRow(e, txApp, attendeeId);
      const event = txApp.findRecordById("events", attendee.getString("event"));
      const refused = changeRefusal(txApp, attendee, allowances(txApp, attendee, event, now).substitution, MESSAGES.substitutionClosed);
      if (refused) throw refused;
      if (emailRegistered(txApp, attendee, values.email)) throw errors().refusal(409, "email", "already_registered", MESSAGES.emailRegistered);
      return { attendee, colleague: substitute(txApp, attendee, values) };
    });
    require(`${__hooks}/lib/email/warning.js`).deliverRegistrationEmails(e.app, result.attendee.getString("registration"));
    e.app.logger().info("Attendee passed their seat to a colleague", "attendee", attendeeId, "colleague", result.colleague.id);
    const answer = registrationAnswer(e.app, e.app.findRecordById("attendees", attendeeId), new Date());
    return e.json(200, { ...answer, colleague: { id: result.colleague.id, fullName: result.colleague.getString("full_name"), email: result.colleague.getString("email") } });
  });
}

module.exports = { MESSAGES, cutoffHours, windows, handleView, handleDetails, handleSubstitute };
