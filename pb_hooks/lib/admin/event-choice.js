/// <reference path="../../../pb_data/types.d.ts" />
// The masterclass an admin route works on: the one the request names (an
// event id: `?event=` on GET routes, `"event"` in a POST body), drafts
// included, or the featured one (lib/events/summary.js featuredEvent) when it
// names none. Used by the attendee list, its CSV export, the analytics and
// the bulk invitations, each after its own check that the caller is an
// administrator (so nobody else learns which ids exist).
//
// Refusals, each with a message the admin pages show as it is:
// - a value that is not an id: 400 'The event must be given by its id.';
// - an id no masterclass has: 404 naming it;
// - no event named and none published to feature: 404 'Event details not found'.
// Routes whose path names the event (`/admin/…/{id}/…`) take it with
// pathEvent: a value that is not an id is a 400, an unknown one a 404.

const MESSAGES = {
  unknown: (id) => `There is no masterclass with the id ${id}. Choose one of the listed masterclasses.`,
};

/**
 * The event `value` names, or the featured one when it is empty.
 * @param {core.App} app
 * @param {unknown} value
 * @returns {core.Record}
 */
function adminEvent(app, value) {
  const constants = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  if (value === undefined || value === null || value === "") return require(`${__hooks}/lib/events/summary.js`).requireEvent(app);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(value)) throw refusal(400, "event", "invalid", constants.MESSAGES.eventIdInvalid);
  try {
    return app.findRecordById("events", value);
  } catch {
    throw refusal(404, "event", "not_found", MESSAGES.unknown(value));
  }
}

/** The event named by the request's `event` query parameter, or the featured one. @param {core.RequestEvent} e */
function adminQueryEvent(e) {
  return adminEvent(e.app, e.request.url.query().get("event"));
}

/**
 * The event a route's path names (`name`: its path parameter), drafts
 * included, for a caller already checked to be an administrator.
 * @param {core.RequestEvent} e
 * @param {string} name
 */
function pathEvent(e, name) {
  const { MESSAGES: COMMON } = require(`${__hooks}/lib/core/constants.js`);
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const id = e.request.pathValue(name);
  if (!require(`${__hooks}/lib/core/ids.js`).isRecordId(id)) throw refusal(400, "event", "invalid", COMMON.eventIdInvalid);
  try {
    return e.app.findRecordById("events", id);
  } catch {
    throw refusal(404, "event", "not_found", COMMON.eventUnknown);
  }
}

module.exports = { MESSAGES, adminEvent, adminQueryEvent, pathEvent };
