/// <reference path="../../../pb_data/types.d.ts" />
// Anonymising a person's rows (lib/accounts/personal-data.js), in the caller's
// transaction (every function here takes the transaction's app): an attendee
// row loses its personal details and keeps what the event and the money need;
// outbox emails to the person lose their address and content (a queued one is
// cancelled); a waitlist offer keeps its event, status and dates; a
// registration loses its contact details and keeps its money. Used by the
// account's deletion (lib/accounts/delete-account.js), the retention job
// (lib/accounts/retention.js) and
//   POST /api/masterclass/admin/attendees/{id}/anonymise — administrators: one attendee row.
// A deleted person's address becomes a placeholder at `.invalid` (isPlaceholder),
// to which nothing is ever sent.

const ANONYMISED_NAME = "Deleted attendee";
/** RFC 2606 reserves `.invalid`: an address there can never receive mail. */
// the same domain in pocketbase/recordhooks.go, which refuses an email to such an address
const PLACEHOLDER_DOMAIN = "deleted.invalid";
/** The SQL LIKE pattern of every placeholder address (rows not yet anonymised are NOT LIKE it). */
const PLACEHOLDER_LIKE = `%@${PLACEHOLDER_DOMAIN}`;
const REMOVED_CONTENT = "Removed: the recipient's personal details were deleted.";
const CANCELLED_NOTE = "Cancelled: the recipient's personal details were deleted before it was sent.";

const MESSAGES = {
  adminOnly: "Only administrators can anonymise attendees.",
  attendeeNotFound: "Attendee not found.",
  alreadyAnonymised: "This attendee has already been anonymised.",
};

function data() {
  return require(`${__hooks}/lib/accounts/personal-data.js`);
}

/** A non-routable address unique to one row (kind + record id). */
function placeholderEmail(kind, id) {
  return `deleted-${kind}-${id}@${PLACEHOLDER_DOMAIN}`;
}

function isPlaceholder(email) {
  return data().normalizeEmail(email).endsWith(`@${PLACEHOLDER_DOMAIN}`);
}

/** Writes (or refreshes) the tombstone that tells the owner's devices a record is gone from them. */
function writeTombstone(txApp, collection, recordId, owner) {
  let tombstone;
  try {
    // one tombstone per owner (a row moved between accounts has one for each it left)
    tombstone = txApp.findFirstRecordByFilter("tombstones", "collection = {:collection} && record_id = {:id} && owner = {:owner}", {
      collection,
      id: recordId,
      owner,
    });
  } catch {
    tombstone = new Record(txApp.findCachedCollectionByNameOrId("tombstones"));
    tombstone.set("collection", collection);
    tombstone.set("record_id", recordId);
    tombstone.set("owner", owner);
  }
  txApp.save(tombstone);
}

/**
 * An outbox email to someone whose details were deleted: a queued one is
 * cancelled; every one keeps its date, subject, template and status but loses
 * its address and content; its deliverable copy (email_secrets) is deleted.
 */
function scrubEmail(txApp, mail) {
  if (mail.getString("status") === "queued") {
    mail.set("status", "cancelled");
    mail.set("last_error", CANCELLED_NOTE);
    mail.set("next_attempt_at", "");
  }
  mail.set("to", placeholderEmail("email", mail.id));
  mail.set("html", `<p>${REMOVED_CONTENT}</p>`);
  mail.set("text", REMOVED_CONTENT);
  txApp.save(mail);
  data().findWhere(txApp, "email_secrets", "[[email]] = {:id}", { id: mail.id }).forEach((secret) => txApp.delete(secret));
}

/** A waitlist offer to someone whose details were deleted keeps its event, status and dates only. */
function scrubOffer(txApp, offer) {
  offer.set("email", placeholderEmail("offer", offer.id));
  offer.set("full_name", ANONYMISED_NAME);
  txApp.save(offer);
}

/** The registration's contact details go; its money (amounts, currency, Stripe ids, status) stays. */
function scrubRegistration(txApp, registration) {
  registration.set("primary_email", placeholderEmail("registration", registration.id));
  registration.set("early_access_email", "");
  registration.set("utm_source", "");
  registration.set("utm_medium", "");
  registration.set("email_error_log", "");
  txApp.save(registration);
}

/**
 * Anonymises one attendee row: name → "Deleted attendee", email → a
 * placeholder unique to the row, company, job title, phone, dietary
 * requirements, UTM and marketing consent cleared, account link cleared (the
 * account's devices get a tombstone). Kept: event, registration, status,
 * role, privacy consent, invitation marks, ticket. Emails tied to the row are
 * scrubbed, and so is its registration's primary email when it was this
 * person's address.
 */
function anonymiseRow(txApp, row) {
  const { normalizeEmail, findWhere, collectionExists, hasField } = data();
  const formerEmail = normalizeEmail(row.getString("email"));
  const formerUser = row.getString("user");
  row.set("full_name", ANONYMISED_NAME);
  row.set("email", placeholderEmail("attendee", row.id));
  ["company", "job_title", "phone_number", "dietary_requirements", "utm_source", "utm_medium"].forEach((name) => row.set(name, ""));
  if (hasField(row, "cancellation_reason")) row.set("cancellation_reason", "");
  row.set("marketing_consent", false);
  row.set("user", "");
  txApp.save(row);
  if (collectionExists(txApp, "waitlist_offers")) {
    findWhere(txApp, "waitlist_offers", "[[attendee]] = {:id} AND [[email]] NOT LIKE {:placeholder}", {
      id: row.id,
      placeholder: PLACEHOLDER_LIKE,
    }).forEach((offer) => scrubOffer(txApp, offer));
  }
  if (formerUser) writeTombstone(txApp, "attendees", row.id, formerUser);

  findWhere(txApp, "emails", "[[attendee]] = {:id}", { id: row.id }).forEach((mail) => scrubEmail(txApp, mail));
  try {
    const registration = txApp.findRecordById("registrations", row.getString("registration"));
    if (normalizeEmail(registration.getString("primary_email")) === formerEmail) scrubRegistration(txApp, registration);
  } catch {
    // no registration: nothing more to scrub
  }
}

/** POST /api/masterclass/admin/attendees/{id}/anonymise @param {core.RequestEvent} e */
function handleAdminAnonymise(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.adminOnly });
    const id = e.request.pathValue("id");
    let outcome = null;
    e.app.runInTransaction((txApp) => {
      let row;
      try {
        row = txApp.findRecordById("attendees", id);
      } catch {
        outcome = refusal(404, "id", "not_found", MESSAGES.attendeeNotFound);
        return;
      }
      if (isPlaceholder(row.getString("email"))) {
        outcome = refusal(409, "id", "already_anonymised", MESSAGES.alreadyAnonymised);
        return;
      }
      anonymiseRow(txApp, row);
      outcome = { id: row.id, full_name: row.getString("full_name"), email: row.getString("email") };
    });
    if (outcome && outcome.isRequestError) throw outcome;
    e.app.logger().info("Attendee anonymised by an administrator", "attendee", id, "by", e.auth ? e.auth.id : "");
    return e.json(200, outcome);
  });
}

module.exports = {
  ANONYMISED_NAME,
  PLACEHOLDER_DOMAIN,
  PLACEHOLDER_LIKE,
  MESSAGES,
  isPlaceholder,
  writeTombstone,
  scrubEmail,
  scrubOffer,
  scrubRegistration,
  anonymiseRow,
  handleAdminAnonymise,
};
