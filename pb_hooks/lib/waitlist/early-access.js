/// <reference path="../../../pb_data/types.d.ts" />
// Waitlist first: early access to the next masterclass (administrators start
// it for a published event still to come; DESIGN decision 13 for the links).
//   GET  /api/masterclass/admin/events/{id}/early-access  → {pending, sent, window}
//   POST /api/masterclass/admin/events/{id}/early-access {batchSize?}
//        → {sent, failed, skipped, remaining, totalSent, window}
//   GET|POST /api/masterclass/unsubscribe?email=…&token=…  → a plain page
// The first run opens the event's priority window (EARLY_ACCESS_HOURS,
// default 48, from that moment; never past the event's start): while it is
// open, paid and promo registrations need the early-access token of their
// first attendee's address (checkRegistration, called in the registration's
// transaction). Everyone on the waitlist of an earlier event gets one email
// per address (lib/waitlist/early-access-rules.js recipients), recorded in
// `early_access` (unique event + address) in the same transaction that queues
// it, so running twice sends once. Links are HMACs with the app secret
// 'mail_link_token'; the outbox copy administrators read shows them as
// `earlyAccess=[hidden]` / `token=[hidden]`, the working copy is in
// email_secrets.

const SECRET_NAME = "mail_link_token";
const TEMPLATE = "early_access";
const DEFAULT_BATCH_SIZE = 50;
const MAX_BATCH_SIZE = 50;
const MAX_BODY_BYTES = 4096;
const HIDDEN = "[hidden]";
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

const MESSAGES = {
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can send early access.",
  batchSize: `The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`,
  draft: "Publish this masterclass before sending early access to the waitlist.",
  started: "This masterclass has already started or taken place, so early access cannot be sent for it.",
  notOpen: "Open sales for this masterclass (sales state Open) before sending early access to the waitlist.",
  windowOver: (end) => `The early-access window for this masterclass ended on ${end}, so no more early-access emails can be sent for it.`,
  tokenFormat: "The early-access link is not valid.",
  tokenWaitlist: "An early-access link is for registering a seat, not for the waitlist.",
  publicSalesLater: (end) => `Public sales for this masterclass open on ${end}. Until then, only people on our waitlist who received an early-access email can register, with the link in that email.`,
  tokenInvalid: (end) => `This early-access link is not valid for this email address and masterclass. Please register the email address the link was sent to as the first attendee${end ? `, or wait until public sales open on ${end}` : ""}.`,
  tokenExpired: (end) => `This early-access link expired on ${end}. Public sales are open now: please register without it.`,
};


function rules() {
  return require(`${__hooks}/lib/waitlist/early-access-rules.js`);
}

function secret(app) {
  return require(`${__hooks}/lib/core/app-secrets.js`).appSecret(app, SECRET_NAME);
}

const normal = (email) => String(email || "").trim().toLowerCase();

/** The early-access token of one address for one event. */
function earlyAccessToken(app, eventId, email) {
  return $security.hs256(`early-access:${eventId}:${normal(email)}`, secret(app));
}

/** The unsubscribe token of one address. */
function unsubscribeToken(app, email) {
  return $security.hs256(`unsubscribe:${normal(email)}`, secret(app));
}

function verify(expected, token) {
  return typeof token === "string" && TOKEN_PATTERN.test(token) && $security.equal(expected, token);
}

function earlyAccessUrl(app, eventId, email, token) {
  const base = require(`${__hooks}/lib/core/links.js`).appUrl(app);
  return `${base}/register?event=${encodeURIComponent(eventId)}&email=${encodeURIComponent(email)}&earlyAccess=${encodeURIComponent(token)}`;
}

function unsubscribeUrl(app, email, token) {
  return `${require(`${__hooks}/lib/core/links.js`).appUrl(app)}/api/masterclass/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

/** A link whose tokens no longer work, for the copy administrators read. */
function redactLinks(text) {
  return String(text).replace(/([?&](?:amp;)?(?:earlyAccess|token)=)[^&#\s"'<]*/g, `$1${HIDDEN}`);
}

/** The window's end (or any instant) as "Friday 3 December 2027, 2:00 pm ACDT" in the event's zone. */
function formatInstant(value, timezone) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const text = format.formatWhen(value, value, timezone);
  return text;
}

function eventWindow(event) {
  const startsAt = event.getString("early_access_starts_at");
  const endsAt = event.getString("early_access_ends_at");
  return startsAt && endsAt ? { startsAt, endsAt } : null;
}

function windowAnswer(event) {
  const window = eventWindow(event);
  if (!window) return null;
  return {
    starts_at: window.startsAt,
    ends_at: window.endsAt,
    state: rules().windowState(window.startsAt, window.endsAt, new Date()),
    ends_text: formatInstant(window.endsAt, event.getString("timezone")),
  };
}

/** The early-access email: the working message and the outbox copy without working links. */
function earlyAccessMessage(app, event, recipient) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  const facts = require(`${__hooks}/lib/tickets/calendar.js`).eventFacts(app, event);
  const window = eventWindow(event);
  const endText = formatInstant(window.endsAt, event.getString("timezone"));
  const link = earlyAccessUrl(app, event.id, recipient.email, earlyAccessToken(app, event.id, recipient.email));
  const unsubscribe = unsubscribeUrl(app, recipient.email, unsubscribeToken(app, recipient.email));
  const subject = `Early access: ${facts.title}, ${facts.date}`;
  const content = (registerLink, unsubscribeLink) => ({
    preheader: `Register before public sales open on ${endText}.`,
    heading: "Early access to the next masterclass",
    greeting: recipient.fullName ? `Hi ${recipient.fullName},` : "Hello,",
    paragraphs: [
      `You registered your interest in a future AI Champions Masterclass, so you can register for the next one before anyone else: the ${facts.title} on ${facts.when}.`,
      `Your early access lasts until ${endText}. After that, public sales open and seats go to whoever registers first.`,
      `The link works only for ${recipient.email}: enter this address as the first attendee.`,
    ],
    details: [
      ["Event", facts.title],
      ["When", facts.when],
      ["Venue", facts.venue || facts.location],
      ["Early access until", endText],
    ],
    button: { label: "Register with Early Access", url: registerLink },
    closing: [`Don't want emails about future masterclasses? Unsubscribe: ${unsubscribeLink}`],
  });
  const working = content(link, unsubscribe);
  const copy = content(redactLinks(link), redactLinks(unsubscribe));
  copy.closing = [...copy.closing, "The working links are only in the message sent to the recipient."];
  return {
    template: TEMPLATE,
    subject,
    html: layout.renderHtml(copy),
    text: layout.renderText(copy),
    secret: { subject, html: layout.renderHtml(working), text: layout.renderText(working) },
  };
}

/** Every waitlist entry of an event before this one (rows for recipients()). */
function waitlistRows(app, event) {
  const rows = arrayOf(new DynamicModel({ email: "", full_name: "", marketing_consent: false, created: "" }));
  app.db()
    .newQuery(`
      SELECT a.email AS email, a.full_name AS full_name, a.marketing_consent AS marketing_consent, a.created AS created
      FROM attendees a JOIN events ev ON ev.id = a.event
      WHERE a.registration_status = 'waitlisted' AND a.event != {:event} AND ev.starts_at < {:starts}`)
    .bind({ event: event.id, starts: event.getString("starts_at") })
    .all(rows);
  return rows.map((row) => ({ email: row.email, full_name: row.full_name, marketing_consent: row.marketing_consent, created: row.created }));
}

function column(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ email: "" }));
  app.db().newQuery(sql).bind(params || {}).all(rows);
  return rows.map((row) => row.email.toLowerCase());
}

/** Who still gets early access for the event, in address order. */
function pendingRecipients(app, event) {
  return rules().recipients(waitlistRows(app, event), {
    unsubscribed: column(app, "SELECT email FROM unsubscribes"),
    alreadySent: column(app, "SELECT email FROM early_access WHERE event = {:event}", { event: event.id }),
  });
}

function countSent(app, eventId) {
  const row = new DynamicModel({ sent: 0 });
  app.db().newQuery("SELECT COUNT(*) AS sent FROM early_access WHERE event = {:event}").bind({ event: eventId }).one(row);
  return row.sent;
}

function isUnsubscribed(app, email) {
  const row = new DynamicModel({ found: 0 });
  app.db().newQuery("SELECT COUNT(*) AS found FROM unsubscribes WHERE email = {:email} COLLATE NOCASE").bind({ email }).one(row);
  return row.found > 0;
}

/** Why early access cannot be sent for this event now, or null. */
function runRefusal(event) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!event.getBool("published")) return refusal(409, "event", "event_draft", MESSAGES.draft);
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "happening" || phase === "past") return refusal(409, "event", "event_started", MESSAGES.started);
  if (event.getString("sales_state") !== "open") return refusal(409, "event", "sales_not_open", MESSAGES.notOpen);
  const window = eventWindow(event);
  if (window && rules().windowState(window.startsAt, window.endsAt, new Date()) === "over") {
    return refusal(409, "event", "window_over", MESSAGES.windowOver(formatInstant(window.endsAt, event.getString("timezone"))));
  }
  return null;
}

/** Opens the event's window if this is its first run (read again in the transaction). */
function ensureWindow(app, eventId) {
  const { dbDate } = require(`${__hooks}/lib/core/db-date.js`);
  let event = null;
  app.runInTransaction((txApp) => {
    event = txApp.findRecordById("events", eventId);
    if (eventWindow(event)) return;
    const hours = rules().windowHours($os.getenv("EARLY_ACCESS_HOURS"));
    const opened = rules().openWindow(new Date(), hours, event.getString("starts_at"));
    event.set("early_access_starts_at", dbDate(opened.startsAt));
    event.set("early_access_ends_at", dbDate(opened.endsAt));
    txApp.save(event);
  });
  return event;
}

/**
 * Records and queues one address's early access unless it already has it or
 * unsubscribed meanwhile; the outbox email's id, or null when skipped.
 */
function queueOne(app, event, recipient, message) {
  let emailId = null;
  app.runInTransaction((txApp) => {
    const already = txApp.findRecordsByFilter("early_access", "event = {:event} && email = {:email}", "", 1, 0, { event: event.id, email: recipient.email });
    if (already.length > 0 || isUnsubscribed(txApp, recipient.email)) return;
    const email = require(`${__hooks}/lib/email/delivery.js`).saveOutboxEmail(txApp, {
      to: recipient.email, subject: message.subject, html: message.html, text: message.text, template: TEMPLATE,
      registration: "", attendee: "", secret: message.secret,
    });
    const record = new Record(txApp.findCachedCollectionByNameOrId("early_access"));
    record.load({ event: event.id, email: recipient.email, full_name: recipient.fullName.slice(0, 100), sent_at: require(`${__hooks}/lib/core/db-date.js`).dbNow(), outbox_email: email.id });
    txApp.save(record);
    emailId = email.id;
  });
  return emailId;
}

/**
 * Sends the next batch of early-access emails for an event, opening its
 * window on the first run. Emails are rendered before each short transaction
 * and delivered after it commits.
 */
function sendBatch(app, eventId, batchSize) {
  const current = app.findRecordById("events", eventId);
  const refused = runRefusal(current);
  if (refused) throw refused;
  const event = ensureWindow(app, eventId);
  const batch = pendingRecipients(app, event).slice(0, batchSize);
  const result = { sent: 0, failed: 0, skipped: 0, failures: [] };
  for (const recipient of batch) {
    const message = earlyAccessMessage(app, event, recipient);
    let emailId = null;
    try {
      emailId = queueOne(app, event, recipient, message);
    } catch (error) {
      // another run recorded this address at the same moment (the unique index): it sends it
      app.logger().warn("Early access skipped an address", "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
    }
    if (!emailId) {
      result.skipped += 1;
      continue;
    }
    const outcome = require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, emailId);
    const status = outcome === "skipped" ? app.findRecordById("emails", emailId).getString("status") : outcome;
    if (outcome === "failed") {
      // recorded and queued: the retry cron keeps trying it
      result.failed += 1;
      result.failures.push({ email: recipient.email, error: app.findRecordById("emails", emailId).getString("last_error") });
    } else if (status === "sent" || status === "captured" || status === "queued") {
      result.sent += 1;
    }
  }
  return { ...result, remaining: pendingRecipients(app, event).length, totalSent: countSent(app, event.id), window: windowAnswer(event) };
}

// ---- the registration route's check --------------------------------------------------

/**
 * Why a registration cannot be taken because of the early-access window, or
 * null. Called inside the registration's transaction with the event read
 * there. Waitlist registrations are never held back; a token is only for
 * paid and promo ones.
 * @param {core.App} app
 * @param {core.Record} event
 * @param {{mode: string, earlyAccess: string, attendees: {email: string}[]}} request
 */
function registrationRefusal(app, event, request) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const token = request.earlyAccess || "";
  if (request.mode === "waitlist") return null;
  const window = eventWindow(event);
  const timezone = event.getString("timezone");
  const state = window ? rules().windowState(window.startsAt, window.endsAt, new Date()) : "none";
  const endText = window ? formatInstant(window.endsAt, timezone) : "";
  if (!token) {
    return state === "open" ? refusal(409, "sales", "early_access_only", MESSAGES.publicSalesLater(endText)) : null;
  }
  if (state === "none" || !verify(earlyAccessToken(app, event.id, request.attendees[0].email), token)) {
    return refusal(403, "earlyAccess", "invalid", MESSAGES.tokenInvalid(state === "open" ? endText : ""));
  }
  if (state === "over") return refusal(409, "earlyAccess", "expired", MESSAGES.tokenExpired(endText));
  return null;
}

/** The request's `earlyAccess` field: "" when absent, else a token shape; adds a field error otherwise. */
function validateField(body, mode, add) {
  const value = body.earlyAccess;
  if (value === undefined || value === null || value === "") return "";
  if (typeof value !== "string" || !TOKEN_PATTERN.test(value)) {
    add("earlyAccess", "invalid", MESSAGES.tokenFormat);
    return "";
  }
  if (mode === "waitlist") {
    add("earlyAccess", "not_for_waitlist", MESSAGES.tokenWaitlist);
    return "";
  }
  return value;
}

// ---- unsubscribe -----------------------------------------------------------------------

function page(e, status, heading, text, form = "") {
  return require(`${__hooks}/lib/core/link-page.js`).linkPage(e, status, heading, text, form);
}

/**
 * GET or POST /api/masterclass/unsubscribe?email=…&token=… @param {core.RequestEvent} e
 * Only a POST unsubscribes: the button on the page the link opens, or a mail program's
 * one-click List-Unsubscribe. A GET never does, since mail scanners open every link
 * in an email and would unsubscribe people who never asked.
 */
function handleUnsubscribe(e) {
  const query = e.request.url.query();
  const email = normal(query.get("email"));
  const token = query.get("token");
  if (!email || email.length > 254 || !require(`${__hooks}/lib/registration/validation.js`).isValidEmail(email) || !verify(unsubscribeToken(e.app, email), token)) {
    return page(e, 400, "This unsubscribe link is not valid", "Nothing was changed. Please use the link from your email exactly as it was sent, or reply to that email and we will unsubscribe you.");
  }
  if (e.request.method === "GET") {
    const { escapeHtml } = require(`${__hooks}/lib/email/layout.js`);
    const action = `/api/masterclass/unsubscribe?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
    return page(e, 200, "Unsubscribe from early-access emails?", `${email} will no longer receive early-access emails about future masterclasses.`,
      `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font-size:1rem;padding:.6rem 1.2rem;background:#1c2a5e;color:#fff;border:0;border-radius:.4rem;cursor:pointer">Unsubscribe</button></form>`);
  }
  e.app.runInTransaction((txApp) => {
    if (isUnsubscribed(txApp, email)) return;
    const record = new Record(txApp.findCachedCollectionByNameOrId("unsubscribes"));
    record.set("email", email);
    txApp.save(record);
  });
  return page(e, 200, "You are unsubscribed", `${email} will not receive early-access emails about future masterclasses any more.`);
}

// ---- admin routes ----------------------------------------------------------------------

function adminEvent(e) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!e.auth) throw refusal(401, "auth", "unauthorized", MESSAGES.signIn);
  if (!require(`${__hooks}/lib/core/admin-auth.js`).isAdministrator(e)) throw refusal(403, "auth", "forbidden", MESSAGES.forbidden);
  const id = e.request.pathValue("id");
  const { MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  if (!/^[a-z0-9]{15}$/.test(id)) throw refusal(400, "event", "invalid", COMMON.eventIdInvalid);
  try {
    return e.app.findRecordById("events", id);
  } catch {
    throw refusal(404, "event", "not_found", COMMON.eventUnknown);
  }
}

function readBatchSize(e) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const invalidJson = () => refusal(400, "body", "invalid_json", require(`${__hooks}/lib/core/constants.js`).MESSAGES.invalidJson);
  const raw = toString(e.request.body, MAX_BODY_BYTES + 1).trim();
  if (raw === "") return DEFAULT_BATCH_SIZE;
  if (raw.length > MAX_BODY_BYTES) throw invalidJson();
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    throw invalidJson();
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidJson();
  for (const key of Object.keys(body)) {
    if (key !== "batchSize") throw refusal(400, key, "unknown_field", require(`${__hooks}/lib/core/constants.js`).MESSAGES.unknownField(key));
  }
  if (body.batchSize === undefined) return DEFAULT_BATCH_SIZE;
  if (typeof body.batchSize !== "number" || !Number.isInteger(body.batchSize) || body.batchSize < 1 || body.batchSize > MAX_BATCH_SIZE) {
    throw refusal(400, "batchSize", "invalid", MESSAGES.batchSize);
  }
  return body.batchSize;
}

/** GET /api/masterclass/admin/events/{id}/early-access @param {core.RequestEvent} e */
function handleStatus(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const event = adminEvent(e);
    const refused = runRefusal(event);
    return e.json(200, {
      pending: pendingRecipients(e.app, event).length,
      sent: countSent(e.app, event.id),
      window: windowAnswer(event),
      hours: rules().windowHours($os.getenv("EARLY_ACCESS_HOURS")),
      blocked: refused ? refused.message : "",
    });
  });
}

/** POST /api/masterclass/admin/events/{id}/early-access @param {core.RequestEvent} e */
function handleSend(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const event = adminEvent(e);
    const batchSize = readBatchSize(e);
    return e.json(200, sendBatch(e.app, event.id, batchSize));
  });
}

module.exports = {
  TEMPLATE,
  earlyAccessToken,
  unsubscribeToken,
  redactLinks,
  registrationRefusal,
  validateField,
  windowAnswer,
  handleStatus,
  handleSend,
  handleUnsubscribe,
};
