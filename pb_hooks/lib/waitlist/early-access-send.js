/// <reference path="../../../pb_data/types.d.ts" />
// Sending early access to the next masterclass (administrators start it,
// lib/waitlist/early-access-admin.js): the first run opens the event's
// priority window (EARLY_ACCESS_HOURS, default 48, from that moment; never
// past the event's start; lib/waitlist/early-access-window.js). Everyone on
// the waitlist of an earlier event gets one email per address
// (lib/waitlist/early-access-rules.js recipients), recorded in `early_access`
// (unique event + address) in the same transaction that queues it, so running
// twice sends once. Its links (lib/waitlist/early-access-links.js) are hidden
// in the outbox copy administrators read; the working copy is in email_secrets.

const TEMPLATE = "early_access";

const MESSAGES = {
  draft: "Publish this masterclass before sending early access to the waitlist.",
  started: "This masterclass has already started or taken place, so early access cannot be sent for it.",
  notOpen: "Open sales for this masterclass (sales state Open) before sending early access to the waitlist.",
  scheduled: (when) => `Sales for this masterclass open on ${when}: send early access once they are open, or clear the sales-open time.`,
  windowOver: (end) => `The early-access window for this masterclass ended on ${end}, so no more early-access emails can be sent for it.`,
};

function rules() {
  return require(`${__hooks}/lib/waitlist/early-access-rules.js`);
}

/** The early-access email: the working message and the outbox copy without working links. */
function earlyAccessMessage(app, event, recipient) {
  const links = require(`${__hooks}/lib/waitlist/early-access-links.js`);
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const endText = require(`${__hooks}/lib/waitlist/early-access-window.js`).windowEndText(event);
  const link = links.earlyAccessUrl(app, event.id, recipient.email, links.earlyAccessToken(app, event.id, recipient.email));
  const unsubscribe = links.unsubscribeUrl(app, recipient.email, links.unsubscribeToken(app, recipient.email));
  const content = (registerLink, unsubscribeLink) => ({
    preheader: `Register before public sales open on ${endText}.`,
    heading: "Early access to the next masterclass",
    greeting: recipient.fullName ? `Hi ${recipient.fullName},` : "Hello,",
    paragraphs: [
      `You registered your interest in a future AI Champions Masterclass, so you can register for the next one before anyone else: the ${facts.title} on ${facts.when}.`,
      `Your early access lasts until ${endText}. After that, public sales open and seats go to whoever registers first.`,
      `The link works only for ${recipient.email}: enter this address as the first attendee. It registers once, so add any colleagues to the same registration (up to ${event.getInt("max_per_registration") || require(`${__hooks}/lib/core/constants.js`).MAX_ATTENDEES} attendees in all).`,
    ],
    details: [
      ...require(`${__hooks}/lib/email/layout.js`).eventRows(facts),
      ["Early access until", endText],
    ],
    button: { label: "Register with Early Access", url: registerLink },
    closing: [{
      text: "Don't want emails about future masterclasses?",
      button: { label: "Unsubscribe", url: unsubscribeLink },
      plain: `Don't want emails about future masterclasses? Unsubscribe: ${unsubscribeLink}`,
    }],
  });
  return require(`${__hooks}/lib/email/layout.js`).renderWithWorkingCopy(TEMPLATE, `Early access to ${require(`${__hooks}/lib/email/layout.js`).theEvent(facts.title)} on ${facts.date}`, {
    working: content(link, unsubscribe),
    copy: content(links.redactLinks(link), links.redactLinks(unsubscribe)),
    note: "The working links are only in the message sent to the recipient.",
  });
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

/** Why early access cannot be sent for this event now, or null. */
function runRefusal(event) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (!event.getBool("published")) return refusal(409, "event", "event_draft", MESSAGES.draft);
  const phase = require(`${__hooks}/lib/events/phase.js`).recordPhase(event);
  if (phase === "happening" || phase === "past") return refusal(409, "event", "event_started", MESSAGES.started);
  if (event.getString("sales_state") !== "open") return refusal(409, "event", "sales_not_open", MESSAGES.notOpen);
  if (phase === "scheduled") {
    const when = require(`${__hooks}/lib/events/format.js`).formatDayAndTime(event.getString("sales_open_at"), event.getString("timezone"));
    return refusal(409, "event", "sales_scheduled", MESSAGES.scheduled(when));
  }
  const earlyWindow = require(`${__hooks}/lib/waitlist/early-access-window.js`);
  if (earlyWindow.windowState(event) === "over") return refusal(409, "event", "window_over", MESSAGES.windowOver(earlyWindow.windowEndText(event)));
  return null;
}

/** Opens the event's window if this is its first run (read again in the transaction). */
function ensureWindow(app, eventId) {
  const { dbDate } = require(`${__hooks}/lib/core/db-date.js`);
  let event = null;
  app.runInTransaction((txApp) => {
    event = txApp.findRecordById("events", eventId);
    if (require(`${__hooks}/lib/waitlist/early-access-window.js`).eventWindow(event)) return;
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
    if (already.length > 0 || require(`${__hooks}/lib/waitlist/unsubscribe.js`).isUnsubscribed(txApp, recipient.email)) return;
    const email = require(`${__hooks}/lib/email/outbox.js`).saveOutboxEmail(txApp, {
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
  const window = require(`${__hooks}/lib/waitlist/early-access-window.js`).windowAnswer(event);
  return { ...result, remaining: pendingRecipients(app, event).length, totalSent: countSent(app, event.id), window };
}

module.exports = { TEMPLATE, MESSAGES, pendingRecipients, countSent, runRefusal, sendBatch };
