/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/admin/analytics[?event=id] (administrators only): one
// masterclass's figures for the admin overview (the featured one unless
// `event` names another, drafts included; lib/admin/event-choice.js), counted
// by SQL aggregates (no record is loaded to count it; the attendee figures in
// one pass over the event's rows, the accounts' in another), every one for
// that event only:
// - seats: capacity, taken (confirmed attendees), held (open paid checkouts,
//   counted as lib/events/capacity.js counts them), left, plus observers (no seat);
// - revenue in cents: gross = what paid registrations took (Stripe's paid
//   amount when known, else the total), including payments later refunded;
//   refunded = the refunds not failed, made or being made (payment_actions
//   done or pending: a whole registration's payment, or a cancelled
//   attendee's share), the same rule as a seat's refunds
//   (lib/cancellation/seat-money.js); net = gross − refunded;
//   pendingRefunds = the part of refunded still being made; failedRefunds =
//   refunds Stripe kept refusing, left to an administrator (not in refunded:
//   the money is still ours until it is refunded by hand);
// - checkIns: the attendees (confirmed and observers) let in at the door
//   (attendees.checked_in_at, kept by the check-in push, lib/checkin/push.js,
//   in the check-in's own transaction) of all of them;
// - the event's phase (lib/events/phase.js) and doorDay: whether the event's
//   day, in its time zone, is still to come ('before'), today ('today', the
//   door's day) or gone ('after');
// - registrations per day in the event's time zone (paid and completed paid
//   or promo registrations, and waitlist sign-ups; open or abandoned checkouts
//   are not registrations), every day from the first to the last;
// - attendees (confirmed and observers) by role, UTM source and UTM medium;
// - waitlist size (and how many of them confirmed their address), invitations sent, accounts created (attendee accounts
//   linked to the event's attendees), tool usage (readiness assessments
//   completed and business cases made by the accounts linked to the event's
//   attendees: the tools' records have an owner, not an event).

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_DAYS = 400;


function scalar(app, sql, params) {
  const row = new DynamicModel({ value: 0 });
  app.db().newQuery(sql).bind(params || {}).one(row);
  return row.value;
}

const ATTENDING = "registration_status IN ('confirmed', 'confirmed_observer')";

/**
 * The event's attendees counted in one pass over its rows (each figure was a query of its own, and
 * most read every row of the event again): by status, invitations, waitlist confirmations, check-ins.
 */
function attendeeTally(app, event) {
  const row = new DynamicModel({
    taken: 0, observers: 0, waitlist: 0, waitlistConfirmed: 0, invitationsSent: 0, invitationsPending: 0, checkedIn: 0,
  });
  app.db().newQuery(`
    SELECT
      COALESCE(SUM(registration_status = 'confirmed'), 0) AS taken,
      COALESCE(SUM(registration_status = 'confirmed_observer'), 0) AS observers,
      COALESCE(SUM(registration_status = 'waitlisted'), 0) AS waitlist,
      COALESCE(SUM(registration_status = 'waitlisted' AND COALESCE(waitlist_confirmed_at, '') != ''), 0) AS waitlistConfirmed,
      COALESCE(SUM(COALESCE(invitation_sent, 0) = 1), 0) AS invitationsSent,
      COALESCE(SUM(${ATTENDING} AND COALESCE(invitation_sent, 0) = 0), 0) AS invitationsPending,
      COALESCE(SUM(${ATTENDING} AND COALESCE(checked_in_at, '') != ''), 0) AS checkedIn
    FROM attendees WHERE event = {:event}`).bind({ event: event.id }).one(row);
  return {
    taken: row.taken, observers: row.observers, waitlist: row.waitlist, waitlistConfirmed: row.waitlistConfirmed,
    invitationsSent: row.invitationsSent, invitationsPending: row.invitationsPending, checkedIn: row.checkedIn,
  };
}

function seats(app, event, tally) {
  const capacity = event.getInt("capacity");
  // the seats taken and held, counted once (seatsLeft counts them again)
  const occupied = require(`${__hooks}/lib/events/capacity.js`).seatsTaken(app, event.id);
  return {
    capacity,
    taken: tally.taken,
    held: Math.max(0, occupied - tally.taken),
    left: Math.max(0, capacity - occupied),
    observers: tally.observers,
  };
}

function revenue(app, event) {
  const params = { event: event.id };
  const refundedRegistrations = "SELECT registration FROM payment_actions WHERE kind = 'refund'";
  const gross = scalar(app, `
    SELECT COALESCE(SUM(CASE WHEN COALESCE(paid_amount_cents, 0) > 0 THEN paid_amount_cents ELSE COALESCE(total_amount_cents, 0) END), 0) AS value
    FROM registrations
    WHERE event = {:event} AND kind = 'paid'
      AND (status IN ('paid', 'completed') OR id IN (${refundedRegistrations}))`, params);
  const refundSum = (status) => scalar(app, `
    SELECT COALESCE(SUM(p.amount_cents), 0) AS value FROM payment_actions p
    JOIN registrations r ON r.id = p.registration
    WHERE r.event = {:event} AND p.kind = 'refund' AND p.status = {:status}`, { ...params, status });
  // Refunds not failed (made, or being made), as lib/cancellation/seat-money.js counts a seat's.
  const pending = refundSum("pending");
  const refunded = refundSum("done") + pending;
  return {
    currency: event.getString("currency") || "AUD", grossCents: gross, refundedCents: refunded, netCents: gross - refunded,
    pendingRefundsCents: pending, failedRefundsCents: refundSum("failed"),
  };
}

/** "2025-06-03" for an instant, in the zone. */
function localDay(instant, timezone) {
  const { zoneOffset } = require(`${__hooks}/lib/events/format.js`);
  const offset = zoneOffset(timezone, instant);
  return new Date(instant.getTime() + offset.minutes * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Per local day from counts per UTC half hour ({slot: "2025-06-02 14:30",
 * kind, count}); every day from the first to the last (at most MAX_DAYS),
 * so a gap in the chart is a day without any. Pure: tests call it directly.
 */
function daysFromSlots(rows, timezone) {
  const days = {};
  for (const row of rows) {
    const instant = new Date(`${String(row.slot).replace(" ", "T")}:00Z`);
    if (isNaN(instant.getTime())) continue;
    const day = localDay(instant, timezone);
    const entry = days[day] || (days[day] = { date: day, paid: 0, promo: 0, waitlist: 0 });
    if (entry[row.kind] !== undefined) entry[row.kind] += row.count;
  }
  const keys = Object.keys(days).sort();
  if (keys.length === 0) return [];
  const series = [];
  const last = new Date(`${keys[keys.length - 1]}T00:00:00Z`).getTime();
  for (let time = Math.max(new Date(`${keys[0]}T00:00:00Z`).getTime(), last - (MAX_DAYS - 1) * DAY_MS); time <= last; time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    series.push(days[day] || { date: day, paid: 0, promo: 0, waitlist: 0 });
  }
  return series;
}

/**
 * Registrations per local day. SQL counts them per UTC half hour (every
 * Australian zone's offset is a multiple of 30 minutes, and so is every
 * daylight-saving change), which then fall into exactly one local day each.
 */
function registrationsPerDay(app, event) {
  const rows = arrayOf(new DynamicModel({ slot: "", kind: "", count: 0 }));
  app.db().newQuery(`
    SELECT substr(created, 1, 13) || CASE WHEN CAST(substr(created, 15, 2) AS INTEGER) < 30 THEN ':00' ELSE ':30' END AS slot,
           kind, COUNT(*) AS count
    FROM registrations
    WHERE event = {:event} AND (status IN ('paid', 'completed') OR kind = 'waitlist')
    GROUP BY slot, kind`).bind({ event: event.id }).all(rows);
  return daysFromSlots(rows.map((row) => ({ slot: row.slot, kind: row.kind, count: row.count })), event.getString("timezone") || "UTC");
}

/** Strings in SQLite's own order (BINARY: UTF-8 bytes, which is code point order), not UTF-16's. */
function codePointOrder(a, b) {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let index = 0; index < Math.min(x.length, y.length); index += 1) {
    const difference = x[index].codePointAt(0) - y[index].codePointAt(0);
    if (difference !== 0) return difference;
  }
  return x.length - y.length;
}

/**
 * Attendees (confirmed and observers) by role, by UTM source and by UTM medium, from one pass over
 * the event's rows grouped by all three: each list the largest first, then by its label.
 */
function attendeesByColumns(app, event) {
  const rows = arrayOf(new DynamicModel({ role: "", source: "", medium: "", count: 0 }));
  app.db().newQuery(`
    SELECT COALESCE(TRIM(role), '') AS role, COALESCE(TRIM(utm_source), '') AS source, COALESCE(TRIM(utm_medium), '') AS medium, COUNT(*) AS count
    FROM attendees WHERE event = {:event} AND ${ATTENDING}
    GROUP BY 1, 2, 3`).bind({ event: event.id }).all(rows);
  const by = (column) => {
    const totals = {};
    for (const row of rows) totals[row[column]] = (totals[row[column]] || 0) + row.count;
    return Object.keys(totals).map((label) => ({ label, count: totals[label] }))
      .sort((a, b) => b.count - a.count || codePointOrder(a.label, b.label));
  };
  return { attendeesByRole: by("role"), attendeesByUtmSource: by("source"), attendeesByUtmMedium: by("medium") };
}

function counts(tally) {
  return {
    attendees: tally.taken + tally.observers,
    waitlist: tally.waitlist,
    waitlistConfirmed: tally.waitlistConfirmed,
    invitationsSent: tally.invitationsSent,
    invitationsPending: tally.invitationsPending,
  };
}

/** 'before', 'today' or 'after' the event's day(s) in its own zone (from its start's day to its end's). */
function doorDay(event, timezone, now) {
  const instant = (value) => new Date(String(value || "").trim().replace(" ", "T"));
  const start = instant(event.getString("starts_at"));
  if (isNaN(start.getTime())) return "before";
  const end = instant(event.getString("ends_at"));
  const today = localDay(now, timezone);
  if (today < localDay(start, timezone)) return "before";
  return today <= localDay(!isNaN(end.getTime()) && end > start ? end : start, timezone) ? "today" : "after";
}

/**
 * The accounts linked to the event's attendees (read once, not once per figure): how many are
 * attendee accounts, and what they did with the tools (an account with rows at two masterclasses
 * counts at both).
 */
function accountFigures(app, event) {
  const row = new DynamicModel({ accountsCreated: 0, assessmentsCompleted: 0, assessmentUsers: 0, businessCases: 0, businessCaseUsers: 0 });
  app.db().newQuery(`
    WITH owners AS MATERIALIZED (SELECT DISTINCT user AS id FROM attendees WHERE event = {:event} AND COALESCE(user, '') != '')
    SELECT
      (SELECT COUNT(*) FROM users WHERE role = 'attendee' AND id IN (SELECT id FROM owners)) AS accountsCreated,
      (SELECT COUNT(*) FROM readiness_assessments WHERE status = 'completed' AND owner IN (SELECT id FROM owners)) AS assessmentsCompleted,
      (SELECT COUNT(DISTINCT owner) FROM readiness_assessments WHERE status = 'completed' AND owner IN (SELECT id FROM owners)) AS assessmentUsers,
      (SELECT COUNT(*) FROM business_cases WHERE owner IN (SELECT id FROM owners)) AS businessCases,
      (SELECT COUNT(DISTINCT owner) FROM business_cases WHERE owner IN (SELECT id FROM owners)) AS businessCaseUsers`).bind({ event: event.id }).one(row);
  return {
    accountsCreated: row.accountsCreated,
    tools: {
      assessmentsCompleted: row.assessmentsCompleted, assessmentUsers: row.assessmentUsers,
      businessCases: row.businessCases, businessCaseUsers: row.businessCaseUsers,
    },
  };
}

/** @param {core.App} app */
function eventAnalytics(app, chosen) {
  const event = chosen || require(`${__hooks}/lib/events/summary.js`).requireEvent(app);
  const timezone = event.getString("timezone") || "UTC";
  const now = new Date();
  const tally = attendeeTally(app, event);
  const accounts = accountFigures(app, event);
  return {
    event: {
      id: event.id, title: event.getString("title"), timezone,
      startsAt: event.getString("starts_at"), endsAt: event.getString("ends_at"),
      phase: require(`${__hooks}/lib/events/phase.js`).recordPhase(event, now), doorDay: doorDay(event, timezone, now),
    },
    seats: seats(app, event, tally),
    revenue: revenue(app, event),
    registrationsPerDay: registrationsPerDay(app, event),
    ...attendeesByColumns(app, event),
    ...counts(tally),
    accountsCreated: accounts.accountsCreated,
    // who was let in at the door (checked_in_at: the earliest check-in not undone), of those who hold a ticket
    checkIns: { checkedIn: tally.checkedIn, expected: tally.taken + tally.observers },
    tools: accounts.tools,
    generatedAt: require(`${__hooks}/lib/core/db-date.js`).dbNow(),
  };
}

/** GET /api/masterclass/admin/analytics @param {core.RequestEvent} e */
function handleAnalytics(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: "Only administrators can see the event's analytics." });
    // The featured masterclass, or the one named by `?event=<id>` (a draft too).
    return e.json(200, eventAnalytics(e.app, require(`${__hooks}/lib/admin/event-choice.js`).adminQueryEvent(e)));
  });
}

module.exports = { codePointOrder, daysFromSlots, doorDay, eventAnalytics, handleAnalytics };
