/// <reference path="../../../pb_data/types.d.ts" />
// Refusals answered in PocketBase's error shape, {status, message, data:
// {field: {code, message}}}, with the spec's texts kept exactly as written
// (PocketBase's own ApiError would rewrite them into sentences).

/**
 * A refusal a route answers with instead of a 500. Never thrown across a
 * transaction: transactional code returns it and the caller throws it.
 * @param {number} status
 * @param {string} message
 * @param {Record<string, {code: string, message: string}>} data
 */
function requestError(status, message, data) {
  const error = new Error(message);
  error.isRequestError = true;
  error.status = status;
  error.data = data || {};
  return error;
}

/** 400 with every field error; the message is the first field's message. */
function invalidFields(fields) {
  const first = fields[Object.keys(fields)[0]];
  return requestError(400, first ? first.message : "Invalid request.", fields);
}

/** A refusal about one field (or a named concern such as `sales`). */
function refusal(status, field, code, message) {
  return requestError(status, message, { [field]: { code, message } });
}

/**
 * Runs a route body; a request error becomes its JSON answer, anything else
 * propagates (a real server fault).
 * @param {core.RequestEvent} e
 * @param {() => void} body
 */
function answerRefusals(e, body) {
  try {
    return body();
  } catch (error) {
    if (error && error.isRequestError) {
      return e.json(error.status, { status: error.status, message: error.message, data: error.data });
    }
    throw error;
  }
}

/**
 * The request body as a plain object, or a 400 for malformed JSON, a body that
 * is not an object, or one larger than `maxBytes`.
 * @param {core.RequestEvent} e
 * @param {number} maxBytes
 */
function readJsonObject(e, maxBytes) {
  const message = require(`${__hooks}/lib/core/constants.js`).MESSAGES.invalidJson;
  let body;
  try {
    const raw = toString(e.request.body, maxBytes + 1);
    if (raw.length > maxBytes) throw new Error("too large");
    body = JSON.parse(raw);
  } catch {
    throw refusal(400, "body", "invalid_json", message);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw refusal(400, "body", "invalid_json", message);
  }
  return body;
}

/** A thrown value's message, for logs and the 502 answer. */
function describeError(error) {
  if (error && typeof error.message === "string" && error.message) return error.message;
  return String(error);
}

module.exports = { requestError, invalidFields, refusal, answerRefusals, readJsonObject, describeError };
