/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/invitations/{attendeeId}?email=…&token=… (public; the
// signed token is the capability): who the invitation is for, so the sign-up
// form can show the name, and whether the account already exists.
// Unknown attendee → 404, bad token or email → 403, nothing else revealed.

/** @param {core.RequestEvent} e */
function handleInvitation(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  const accounts = require(`${__hooks}/lib/accounts/accounts.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "invitationLookups", e.request.pathValue("attendeeId"));
    const query = e.request.url.query();
    const attendee = accounts.findAttendee(e.app, e.request.pathValue("attendeeId"));
    const refused = accounts.invitationRefusal(e.app, attendee, query.get("email"), query.get("token"));
    if (refused) throw refused;
    return e.json(200, {
      attendeeId: attendee.id,
      fullName: attendee.getString("full_name"),
      email: attendee.getString("email"),
      accountExists: accounts.accountExists(e.app, attendee),
    });
  });
}

module.exports = { handleInvitation };
