/// <reference path="../../../pb_data/types.d.ts" />
// Waitlist first: administrators send early access to the next masterclass
// (a published event still to come; lib/waitlist/early-access-send.js).
//   GET  /api/masterclass/admin/events/{id}/early-access  → {pending, sent, window, hours, blocked}
//   POST /api/masterclass/admin/events/{id}/early-access {batchSize?}
//        → {sent, failed, skipped, remaining, totalSent, window}
// A guest gets 401, anyone else who is not an administrator 403, before
// anything is read.

const DEFAULT_BATCH_SIZE = 50;
const MAX_BATCH_SIZE = 50;
const MAX_BODY_BYTES = 4096;

const MESSAGES = {
  signIn: "Please sign in as an administrator.",
  forbidden: "Only administrators can send early access.",
  batchSize: `The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`,
};

function adminEvent(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
  return require(`${__hooks}/lib/admin/event-choice.js`).pathEvent(e, "id");
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
    const send = require(`${__hooks}/lib/waitlist/early-access-send.js`);
    const refused = send.runRefusal(event);
    return e.json(200, {
      pending: send.pendingRecipients(e.app, event).length,
      sent: send.countSent(e.app, event.id),
      window: require(`${__hooks}/lib/waitlist/early-access-window.js`).windowAnswer(event),
      hours: require(`${__hooks}/lib/waitlist/early-access-rules.js`).windowHours($os.getenv("EARLY_ACCESS_HOURS")),
      blocked: refused ? refused.message : "",
    });
  });
}

/** POST /api/masterclass/admin/events/{id}/early-access @param {core.RequestEvent} e */
function handleSend(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const event = adminEvent(e);
    const batchSize = readBatchSize(e);
    return e.json(200, require(`${__hooks}/lib/waitlist/early-access-send.js`).sendBatch(e.app, event.id, batchSize));
  });
}

module.exports = { MESSAGES, handleStatus, handleSend };
