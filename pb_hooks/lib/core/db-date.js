/// <reference path="../../../pb_data/types.d.ts" />
// PocketBase stores dates as "2006-01-02 15:04:05.000Z" text; formatting ours
// the same way makes SQL and string comparisons of dates correct.

/** @param {Date} date */
function dbDate(date) {
  return date.toISOString().replace("T", " ");
}

/** Now, in PocketBase's stored form. */
function dbNow() {
  return dbDate(new Date());
}

/** @param {number} minutes */
function dbMinutesFromNow(minutes) {
  return dbDate(new Date(Date.now() + minutes * 60 * 1000));
}

module.exports = { dbDate, dbNow, dbMinutesFromNow };
