/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/admin/check-in/check-ins?event=<id>[&after_updated=<stamp>&after_id=<id>][&limit=n]
// (administrators; lib/checkin/door.js): the event's check-ins, every
// device's, in (updated, id) order, `next` naming where the next page starts.

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const CHECK_INS_DEFAULT_LIMIT = 500;
const CHECK_INS_MAX_LIMIT = 2000;

const MESSAGES = {
  afterCheckIn: "after_updated and after_id go together: a stamp and a check-in id.",
};

/** GET /api/masterclass/admin/check-in/check-ins @param {core.RequestEvent} e */
function handleCheckIns(e) {
  return require(`${__hooks}/lib/core/errors.js`).answerRefusals(e, () => {
    const door = require(`${__hooks}/lib/checkin/door.js`);
    const { event, query } = door.doorQuery(e);
    const { refusal } = require(`${__hooks}/lib/core/errors.js`);
    const afterUpdated = query.get("after_updated") || "";
    const afterId = query.get("after_id") || "";
    if ((afterUpdated || afterId) && !(STAMP.test(afterUpdated) && (afterId === "" || require(`${__hooks}/lib/core/ids.js`).isRecordId(afterId)))) {
      throw refusal(400, "after", "invalid", MESSAGES.afterCheckIn);
    }
    const limit = door.limitOf(query.get("limit"), CHECK_INS_DEFAULT_LIMIT, CHECK_INS_MAX_LIMIT);
    const filter = afterUpdated
      ? "event = {:event} && (updated > {:afterUpdated} || (updated = {:afterUpdated} && id > {:afterId}))"
      : "event = {:event}";
    const records = e.app.findRecordsByFilter("check_ins", filter, "updated,id", limit + 1, 0, { event: event.id, afterUpdated, afterId });
    const more = records.length > limit;
    const page = (more ? records.slice(0, limit) : records).map(door.checkInJson);
    const last = page[page.length - 1];
    return door.answerJson(e, JSON.stringify({ items: page, next: more ? { updated: last.updated, id: last.id } : null }));
  });
}

module.exports = { MESSAGES, handleCheckIns };
