/// <reference path="../../../pb_data/types.d.ts" />
// Telling the people who asked that sales have opened. While a masterclass is
// scheduled (its sales state Open, its `sales_open_at` still to come;
// lib/events/phase.js) its pages offer "Tell Me When Sales Open", which joins
// its waitlist. Once that moment passes, the cron (sales-open.pb.js, every
// minute) emails each of them once: the waitlist entries of that masterclass
// whose address was confirmed (DESIGN decision 21: nothing goes to an address
// nobody showed they own) and that did not unsubscribe. Marking the event
// (`sales_open_notified_at`) and queueing the emails are one transaction, so
// two runs never tell anyone twice; delivery follows the commit, and a
// message that fails is retried by the outbox's own cron. An administrator
// who moves the sales-open time later before anyone was told simply moves
// the moment they are told; once told, people are not told again.

const TEMPLATE = "sales_open";

/** How many masterclasses one run tells about at most (the rest wait a minute). */
const EVENTS_PER_RUN = 5;

/** Published masterclasses whose sales opened (by their sales-open time), not started and nobody yet told. */
function dueEventIds(app, nowText) {
  const rows = arrayOf(new DynamicModel({ id: "" }));
  app.db()
    .newQuery(`
      SELECT id FROM events
      WHERE published = 1 AND sales_state = 'open'
        AND sales_open_at != '' AND sales_open_at <= {:now} AND starts_at > {:now}
        AND (sales_open_notified_at IS NULL OR sales_open_notified_at = '')
      ORDER BY sales_open_at
      LIMIT ${EVENTS_PER_RUN}`)
    .bind({ now: nowText })
    .all(rows);
  return rows.map((row) => row.id);
}

/** The confirmed waitlist entries of the event, one per address (the earliest), in the order they joined. */
function recipients(app, eventId) {
  const rows = arrayOf(new DynamicModel({ email: "", full_name: "" }));
  app.db()
    .newQuery(`
      SELECT a.email AS email, a.full_name AS full_name FROM attendees a
      WHERE a.event = {:event} AND a.registration_status = 'waitlisted'
        AND a.waitlist_confirmed_at IS NOT NULL AND a.waitlist_confirmed_at != ''
        AND NOT EXISTS (SELECT 1 FROM unsubscribes u WHERE u.email = a.email COLLATE NOCASE)
      ORDER BY a.created, a.id`)
    .bind({ event: eventId })
    .all(rows);
  const seen = new Set();
  return rows
    .filter((row) => {
      const key = row.email.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((row) => ({ email: row.email, fullName: row.full_name }));
}

/** The email: sales are open now, with the way to register and to stop these emails. */
function salesOpenMessage(app, event, recipient) {
  const layout = require(`${__hooks}/lib/email/layout.js`);
  const links = require(`${__hooks}/lib/waitlist/early-access-links.js`);
  const facts = require(`${__hooks}/lib/events/facts.js`).eventFacts(app, event);
  const key = event.getString("slug") || event.id;
  const registerUrl = `${facts.appUrl}/register?event=${encodeURIComponent(key)}`;
  const unsubscribe = links.unsubscribeUrl(app, recipient.email, links.unsubscribeToken(app, recipient.email));
  const content = (unsubscribeLink) => ({
    preheader: `Sales for the ${facts.title} on ${facts.date} are open now.`,
    heading: "Sales are open",
    greeting: recipient.fullName ? `Hi ${recipient.fullName},` : "Hello,",
    paragraphs: [
      `You asked us to tell you when sales open for the ${facts.title} on ${facts.when}. They are open now, and seats go to whoever registers first.`,
    ],
    details: layout.eventRows(facts),
    button: { label: "Register Now", url: registerUrl },
    closing: [{
      text: "Don't want emails about masterclasses?",
      button: { label: "Unsubscribe", url: unsubscribeLink },
      plain: `Don't want emails about masterclasses? Unsubscribe: ${unsubscribeLink}`,
    }],
  });
  return layout.renderWithWorkingCopy(TEMPLATE, `Sales are open: ${layout.theEvent(facts.title)} on ${facts.date}`, {
    working: content(unsubscribe),
    copy: content(links.redactLinks(unsubscribe)),
    note: "The working links are only in the message sent to the recipient.",
  });
}

/**
 * Tells one event's waiting people, once: the event is read again and marked in the
 * transaction that queues the emails. Returns the outbox ids to deliver ([] when
 * another run told them first or the event is no longer due).
 */
function notifyEvent(app, eventId, nowText) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const outbox = require(`${__hooks}/lib/email/outbox.js`);
  const emailIds = [];
  app.runInTransaction((txApp) => {
    const event = txApp.findRecordById("events", eventId);
    if (event.getString("sales_open_notified_at")) return;
    if (require(`${__hooks}/lib/events/phase.js`).recordPhase(event, new Date(nowText.replace(" ", "T"))) !== "on_sale") return;
    event.set("sales_open_notified_at", dbNow());
    txApp.save(event);
    for (const recipient of recipients(txApp, eventId)) {
      const message = salesOpenMessage(txApp, event, recipient);
      const email = outbox.saveOutboxEmail(txApp, {
        to: recipient.email, subject: message.subject, html: message.html, text: message.text, template: TEMPLATE,
        registration: "", attendee: "", secret: message.secret,
      });
      emailIds.push(email.id);
    }
  });
  return emailIds;
}

/** The cron's work: every masterclass whose sales just opened tells the people waiting for it. */
function runScheduled(app) {
  const nowText = require(`${__hooks}/lib/core/db-date.js`).dbNow();
  for (const eventId of dueEventIds(app, nowText)) {
    for (const emailId of notifyEvent(app, eventId, nowText)) {
      // a failure stays queued: the outbox's cron tries it again
      require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, emailId);
    }
  }
}

module.exports = { TEMPLATE, dueEventIds, recipients, notifyEvent, runScheduled };
