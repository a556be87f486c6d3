/// <reference path="../../../pb_data/types.d.ts" />
// What emails and calendar files say about an event: its facts in its own
// time zone, its phase now (lib/events/phase.js) so emails speak in the right
// tense, and the links they carry.

// The wording of an event's dates depends on its start, end and time zone
// alone, and a registration needs it for every email: each JS runtime keeps
// the last few (a module is loaded once per runtime), not worked out again.
const WORDING_KEPT = 8;
const wordings = new Map();

function datesWording(format, starts, ends, timezone) {
  const key = `${starts}|${ends}|${timezone}`;
  let wording = wordings.get(key);
  if (!wording) {
    const startsAt = format.parseUtc(starts);
    const endsAt = format.parseUtc(ends);
    wording = {
      date: format.formatDate(startsAt, timezone),
      time: format.formatTimeRange(startsAt, endsAt, timezone),
      when: format.formatWhen(startsAt, endsAt, timezone),
    };
    if (wordings.size >= WORDING_KEPT) wordings.delete(wordings.keys().next().value);
    wordings.set(key, wording);
  }
  return wording;
}

/**
 * @param {core.App} app
 * @param {core.Record} event
 */
function eventFacts(app, event) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const links = require(`${__hooks}/lib/core/links.js`);
  const starts = event.getString("starts_at");
  const ends = event.getString("ends_at");
  const startsAt = format.parseUtc(starts);
  const endsAt = format.parseUtc(ends);
  const { date, time, when } = datesWording(format, starts, ends, event.getString("timezone"));
  return {
    id: event.id,
    title: event.getString("title"),
    startsAt,
    endsAt,
    date,
    time,
    when,
    phase: require(`${__hooks}/lib/events/phase.js`).recordPhase(event),
    // "Tuesday 10 February at 9:00 am" when sales open at a set time ("" otherwise)
    salesOpen: event.getString("sales_open_at") ? format.formatDayAndTime(event.getString("sales_open_at"), event.getString("timezone")) : "",
    venue: event.getString("venue"),
    location: event.getString("location"),
    durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60000),
    calendarUrl: links.calendarUrl(app),
    appUrl: links.appUrl(app),
  };
}

module.exports = { eventFacts };
