/// <reference path="../../../pb_data/types.d.ts" />
// Where the links in emails and calendars point: the public app URL (set from
// APP_URL on every boot by lib/core/settings.js) and the paths under it.

const CALENDAR_PATH = "/api/masterclass/event.ics";

/** @param {core.App} app */
function appUrl(app) {
  return app.settings().meta.appURL.replace(/\/+$/, "");
}

/** @param {core.App} app */
function calendarUrl(app) {
  return `${appUrl(app)}${CALENDAR_PATH}`;
}

/** The sign-up link of an invitation: /auth?attendeeId=…&email=…&token=… */
function invitationUrl(app, attendeeId, email, token) {
  const query = [
    `attendeeId=${encodeURIComponent(attendeeId)}`,
    `email=${encodeURIComponent(email)}`,
    `token=${encodeURIComponent(token)}`,
  ].join("&");
  return `${appUrl(app)}/auth?${query}`;
}

/** The calendar file of one attendee's ticket: the event's, with the ticket code in it. */
function ticketCalendarUrl(app, eventId, ticketCode) {
  return `${calendarUrl(app)}?event=${encodeURIComponent(eventId)}&ticket=${encodeURIComponent(ticketCode)}`;
}

/** Where the attendee portal shows the signed-in attendee's tickets. */
function ticketPageUrl(app) {
  return `${appUrl(app)}/dashboard/ticket`;
}

module.exports = { CALENDAR_PATH, appUrl, calendarUrl, ticketCalendarUrl, ticketPageUrl, invitationUrl };
