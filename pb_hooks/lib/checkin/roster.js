/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/admin/check-in/roster?event=<id>[&after=<attendee id>][&limit=n]
// (administrators; lib/checkin/door.js): one page of the event's attendees for
// the door devices (every status, so the door can say why someone may not
// come in): id, full_name, email, company, registration_status, ticket_code,
// updated (a door pass gets no email); in id order, `next` names the last id while more follow. The first
// page also carries the event's facts, how many attendees it has, and its
// replaced ticket codes.

const ROSTER_DEFAULT_LIMIT = 1000;
const ROSTER_MAX_LIMIT = 2000;

const MESSAGES = {
  after: "after must be an attendee id.",
};

/** One SQL value as JSON text: `SELECT <json> AS value`. */
function queryJson(app, sql, params) {
  const row = new DynamicModel({ value: "" });
  app.db().newQuery(sql).bind(params).one(row);
  return row.value;
}

/** The door's masterclass (lib/events/answer.js) and whether it is published. */
function doorEvent(event) {
  return { ...require(`${__hooks}/lib/events/answer.js`).eventAnswer(event), published: event.getBool("published") };
}

/** GET /api/masterclass/admin/check-in/roster @param {core.RequestEvent} e */
function handleRoster(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const door = require(`${__hooks}/lib/checkin/door.js`);
    const { event, query } = door.doorQuery(e);
    const { refusal } = require(`${__hooks}/lib/core/errors.js`);
    const after = query.get("after") || "";
    if (after && !require(`${__hooks}/lib/core/ids.js`).isRecordId(after)) throw refusal(400, "after", "invalid", MESSAGES.after);
    const limit = door.limitOf(query.get("limit"), ROSTER_DEFAULT_LIMIT, ROSTER_MAX_LIMIT);
    // One row more than the page tells whether another page follows.
    const items = queryJson(e.app, `SELECT COALESCE(json_group_array(json(p.item)), '[]') AS value FROM (
        SELECT json_object('id', [[id]], 'full_name', COALESCE([[full_name]], ''), 'email', CASE WHEN {:pass} = 1 THEN '' ELSE COALESCE([[email]], '') END,
          'company', COALESCE([[company]], ''), 'registration_status', COALESCE([[registration_status]], ''),
          'ticket_code', COALESCE([[ticket_code]], ''), 'updated', COALESCE([[updated]], '')) AS item
        FROM {{attendees}} WHERE [[event]] = {:event} AND [[id]] > {:after} ORDER BY [[id]] LIMIT {:limit}
      ) p`, { event: event.id, after, limit: limit + 1, pass: door.doorPassOf(e) ? 1 : 0 });
    const rows = JSON.parse(items);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const answer = { items: page, next: more ? page[page.length - 1].id : null };
    if (!after) {
      answer.event = doorEvent(event);
      answer.total = Number(queryJson(e.app, "SELECT COUNT(*) AS value FROM {{attendees}} WHERE [[event]] = {:event}", { event: event.id }));
      answer.voided = JSON.parse(queryJson(e.app, `SELECT COALESCE(json_group_array(json_object('code', [[code]], 'attendee', [[attendee]],
          'voided_at', COALESCE([[voided_at]], ''))), '[]') AS value FROM {{voided_tickets}} WHERE [[event]] = {:event}`, { event: event.id }));
    }
    return door.answerJson(e, JSON.stringify(answer));
  });
}

module.exports = { MESSAGES, handleRoster };
