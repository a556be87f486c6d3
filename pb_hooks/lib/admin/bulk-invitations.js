/// <reference path="../../../pb_data/types.d.ts" />
// Sending every confirmed attendee (confirmed or observer) of one masterclass
// who has no invitation yet their account invitation, in batches the admin
// overview calls one after another to show progress (administrators only):
//   GET  /api/masterclass/attendees/invitations/pending[?event=id] → {pending}
//   POST /api/masterclass/attendees/invitations {event?, batchSize?, after?}
//        → {sent, failed, skipped, remaining, after, failures: [{attendeeId, email, error}]}
// The masterclass is the featured one unless `event` names another
// (lib/admin/event-choice.js: an unknown id is a 404, a value that is not an
// id a 400, and nothing is sent).
// A run walks the eligible attendees in id order: `after` is the last id the
// previous batch handled, so an attendee whose delivery failed is not tried
// again in the same run (it stays uninvited, its email queued for the retry
// cron) and a later run, starting from the beginning, tries it again. Each
// attendee is queued and delivered exactly as the single Send does
// (lib/accounts/admin-invitation.js); an attendee invited meanwhile (by another run,
// the single Send or the cron) is skipped, so running twice sends nothing
// twice.

const DEFAULT_BATCH_SIZE = 10;
const MAX_BATCH_SIZE = 50;
const MAX_BODY_BYTES = 4096;

const MESSAGES = {
  forbidden: "Only administrators can send invitations.",
  batchSize: `The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`,
  after: "The position must be an attendee id.",
};

const ELIGIBLE = "event = {:event} AND registration_status IN ('confirmed', 'confirmed_observer') AND COALESCE(invitation_sent, 0) = 0";


/** How many eligible attendees of the event have an id after `after` ('' = all of them). */
function countPending(app, eventId, after) {
  const row = new DynamicModel({ pending: 0 });
  app.db().newQuery(`SELECT COUNT(*) AS pending FROM attendees WHERE ${ELIGIBLE} AND id > {:after}`).bind({ event: eventId, after: after || "" }).one(row);
  return row.pending;
}

function nextBatch(app, eventId, after, limit) {
  const rows = arrayOf(new DynamicModel({ id: "" }));
  app.db()
    .newQuery(`SELECT id FROM attendees WHERE ${ELIGIBLE} AND id > {:after} ORDER BY id LIMIT {:limit}`)
    .bind({ event: eventId, after: after || "", limit })
    .all(rows);
  return rows.map((row) => row.id);
}

/** Queues one attendee's invitation if it is still due one; {emailId}, {skipped} or {refusal}. */
function queueIfStillUninvited(app, attendeeId) {
  let queued = null;
  app.runInTransaction((txApp) => {
    const attendee = txApp.findRecordById("attendees", attendeeId);
    const status = attendee.getString("registration_status");
    if (attendee.getBool("invitation_sent") || (status !== "confirmed" && status !== "confirmed_observer")) {
      queued = { skipped: true };
      return;
    }
    queued = require(`${__hooks}/lib/accounts/admin-invitation.js`).queueInvitation(txApp, attendeeId);
  });
  return queued;
}

function lastError(app, emailId) {
  try {
    return app.findRecordById("emails", emailId).getString("last_error");
  } catch {
    return "";
  }
}

/**
 * Delivers a queued invitation now. Without SMTP it was captured as it was
 * queued, and a delivery another process claimed first may be done already:
 * the email's status then tells.
 */
function deliver(app, emailId) {
  const outcome = require(`${__hooks}/lib/email/delivery.js`).deliverEmail(app, emailId);
  if (outcome !== "skipped") return outcome;
  const status = app.findRecordById("emails", emailId).getString("status");
  return status === "sent" || status === "captured" ? status : "skipped";
}

/**
 * Invites up to `batchSize` eligible attendees of the event after `after`.
 * @param {core.App} app
 * @param {{eventId: string, batchSize: number, after: string}} options
 */
function sendBatch(app, { eventId, batchSize, after }) {
  const ids = nextBatch(app, eventId, after, batchSize);
  const result = { sent: 0, failed: 0, skipped: 0, failures: [] };
  for (const attendeeId of ids) {
    let queued;
    try {
      queued = queueIfStillUninvited(app, attendeeId);
    } catch (error) {
      // deleted meanwhile: nothing to send
      app.logger().warn("Bulk invitation skipped an attendee", "attendee", attendeeId, "error", require(`${__hooks}/lib/core/errors.js`).describeError(error));
      result.skipped += 1;
      continue;
    }
    if (queued.skipped || queued.refusal) {
      result.skipped += 1;
      continue;
    }
    const outcome = deliver(app, queued.emailId);
    if (outcome === "sent" || outcome === "captured") {
      result.sent += 1;
    } else if (outcome === "failed") {
      const attendee = app.findRecordById("attendees", attendeeId);
      result.failed += 1;
      result.failures.push({ attendeeId, email: attendee.getString("email"), error: lastError(app, queued.emailId) });
    } else {
      // claimed by another delivery (the cron) at this very moment: it sends it
      result.skipped += 1;
    }
  }
  const last = ids.length > 0 ? ids[ids.length - 1] : after;
  return { ...result, after: last, remaining: countPending(app, eventId, last) };
}

/** The request's options; an empty body takes the defaults. */
function readOptions(e) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const invalidJson = () => refusal(400, "body", "invalid_json", require(`${__hooks}/lib/core/constants.js`).MESSAGES.invalidJson);
  const raw = toString(e.request.body, MAX_BODY_BYTES + 1).trim();
  if (raw.length > MAX_BODY_BYTES) throw invalidJson();
  let body = {};
  if (raw !== "") {
    try {
      body = JSON.parse(raw);
    } catch {
      throw invalidJson();
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidJson();
  }
  let batchSize = DEFAULT_BATCH_SIZE;
  if (body.batchSize !== undefined) {
    if (typeof body.batchSize !== "number" || !Number.isInteger(body.batchSize) || body.batchSize < 1 || body.batchSize > MAX_BATCH_SIZE) {
      throw refusal(400, "batchSize", "invalid", MESSAGES.batchSize);
    }
    batchSize = body.batchSize;
  }
  let after = "";
  if (body.after !== undefined && body.after !== "") {
    if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(body.after)) throw refusal(400, "after", "invalid", MESSAGES.after);
    after = body.after;
  }
  const eventId = require(`${__hooks}/lib/admin/event-choice.js`).adminEvent(e.app, body.event).id;
  return { eventId, batchSize, after };
}

/** GET /api/masterclass/attendees/invitations/pending @param {core.RequestEvent} e */
function handlePending(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.forbidden });
    return e.json(200, { pending: countPending(e.app, require(`${__hooks}/lib/admin/event-choice.js`).adminQueryEvent(e).id, "") });
  });
}

/** POST /api/masterclass/attendees/invitations @param {core.RequestEvent} e */
function handleSendBatch(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.forbidden });
    return e.json(200, sendBatch(e.app, readOptions(e)));
  });
}

module.exports = { DEFAULT_BATCH_SIZE, MAX_BATCH_SIZE, countPending, sendBatch, handlePending, handleSendBatch };
