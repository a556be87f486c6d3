/// <reference path="../../../pb_data/types.d.ts" />
// What emails and calendar files say about an event: its facts in its own
// time zone, its phase now (lib/events/phase.js) so emails speak in the right
// tense, and the links they carry.

/**
 * @param {core.App} app
 * @param {core.Record} event
 */
function eventFacts(app, event) {
  const format = require(`${__hooks}/lib/events/format.js`);
  const links = require(`${__hooks}/lib/core/links.js`);
  const startsAt = format.parseUtc(event.getString("starts_at"));
  const endsAt = format.parseUtc(event.getString("ends_at"));
  const timezone = event.getString("timezone");
  return {
    id: event.id,
    title: event.getString("title"),
    startsAt,
    endsAt,
    date: format.formatDate(startsAt, timezone),
    time: format.formatTimeRange(startsAt, endsAt, timezone),
    when: format.formatWhen(startsAt, endsAt, timezone),
    phase: require(`${__hooks}/lib/events/phase.js`).recordPhase(event),
    venue: event.getString("venue"),
    location: event.getString("location"),
    durationMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60000),
    calendarUrl: links.calendarUrl(app),
    appUrl: links.appUrl(app),
  };
}

module.exports = { eventFacts };
