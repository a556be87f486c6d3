/// <reference path="../../../pb_data/types.d.ts" />
// An event as the routes answer it: the facts every page shows (which
// masterclass, when, in which zone, where), as stored. Routes add what is
// theirs to say (the public summary its seats and sales state, the door its
// published flag).

/** @param {core.Record} event */
function eventAnswer(event) {
  return {
    id: event.id,
    title: event.getString("title"),
    starts_at: event.getString("starts_at"),
    ends_at: event.getString("ends_at"),
    timezone: event.getString("timezone"),
    location: event.getString("location"),
    venue: event.getString("venue"),
  };
}

module.exports = { eventAnswer };
