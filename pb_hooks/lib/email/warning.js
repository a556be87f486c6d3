/// <reference path="../../../pb_data/types.d.ts" />
// After a commit: try a registration's queued emails now and tell the caller
// whether to show the spec's email warning. Never fails the request: the
// registration is already stored and the email cron retries.

/**
 * @param {core.App} app (not a transaction's app)
 * @param {string} registrationId
 * @returns {boolean} true when some email could not be delivered yet
 */
function deliverRegistrationEmails(app, registrationId) {
  const { describeError } = require(`${__hooks}/lib/core/errors.js`);
  try {
    const result = require(`${__hooks}/lib/email/registration-emails.js`).deliverForRegistration(app, registrationId);
    return !(result && result.allDelivered);
  } catch (error) {
    app.logger().error("Delivering registration emails failed", "registration", registrationId, "error", describeError(error));
    return true;
  }
}

module.exports = { deliverRegistrationEmails };
