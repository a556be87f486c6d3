/// <reference path="../../../pb_data/types.d.ts" />
// The admin event screen's routes for changes that reach attendees
// (administrators only; pb_hooks/event-notices.pb.js):
//   GET  /api/masterclass/admin/events/{id}/notices         who holds seats, whether the
//        last change of date, times or place was told, what cancelling it all would refund
//   POST /api/masterclass/admin/events/{id}/change/preview  {patch} → how many hold seats,
//        what changes and the update email the first of them would get (nothing saved)
//   POST /api/masterclass/admin/events/{id}/change          {patch, notify} → the event saved
//        and, with notify, an update email queued for each seat holder, in ONE transaction
//   POST /api/masterclass/admin/events/{id}/notify          the last change told now (a change
//        saved where nobody could ask, such as the PocketBase dashboard)
//   POST /api/masterclass/admin/events/{id}/cancel          {confirm: true} → the whole
//        masterclass cancelled (lib/notices/cancel-event.js)
// The patch takes the fields the record API lets an administrator write
// (title, dates, place, capacity, price, sales state, portal unlock and any
// other visible field), with the record API's checks (lib/admin/event.js
// eventRefusal) and the collection's own; a refusal writes nothing.

const MAX_BODY_BYTES = 16 * 1024;
const NOT_PATCHABLE = ["id", "created", "updated", "published", "slug", "collectionId", "collectionName"];

const MESSAGES = {
  forbidden: "Only administrators can change a masterclass.",
  signIn: "Sign in as an administrator to change a masterclass.",
  notFound: "This masterclass does not exist.",
  patchInvalid: "Send the masterclass's fields to save as an object named patch.",
  unknownField: (name) => `${name} is not a field of a masterclass that can be changed here.`,
  notifyInvalid: "Say whether to notify the attendees: notify must be true or false.",
  invalidValue: (detail) => `The masterclass could not be saved: ${detail}`,
  cancelled: "This masterclass was cancelled: its date, times and place can no longer be changed.",
  nothingToTell: "The attendees already know the masterclass's current date, times and place.",
};

function errors() {
  return require(`${__hooks}/lib/core/errors.js`);
}

function changes() {
  return require(`${__hooks}/lib/notices/changes.js`);
}

function requireAdmin(e) {
  require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, MESSAGES);
}

/** The masterclass named in the path, or a 404 thrown. */
function pathEvent(app, e) {
  const id = e.request.pathValue("id");
  try {
    return app.findRecordById("events", id);
  } catch {
    throw errors().refusal(404, "event", "not_found", MESSAGES.notFound);
  }
}

/** One transaction; a refusal thrown in it is thrown again after it (lib/cancellation/cancel.js). */
function inTransaction(app, decide) {
  return require(`${__hooks}/lib/cancellation/cancel.js`).inTransaction(app, decide);
}

/** The patch's fields, checked against the collection: only visible, non-system fields. */
function readPatch(app, body) {
  const patch = body.patch;
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) throw errors().refusal(400, "patch", "invalid", MESSAGES.patchInvalid);
  const collection = app.findCachedCollectionByNameOrId("events");
  const writable = {};
  collection.fields.forEach((field) => {
    if (!field.hidden && !field.system && field.type() !== "autodate" && !NOT_PATCHABLE.includes(field.name)) writable[field.name] = true;
  });
  const problems = {};
  for (const key of Object.keys(patch)) {
    if (!writable[key]) problems[key] = { code: "unknown_field", message: MESSAGES.unknownField(key) };
    else if (patch[key] !== null && typeof patch[key] === "object") problems[key] = { code: "invalid", message: MESSAGES.invalidValue(`${key} must be a single value.`) };
  }
  if (Object.keys(problems).length > 0) throw errors().invalidFields(problems);
  return patch;
}

/**
 * The event with the patch applied and checked, not saved: what the record API
 * would refuse (lib/admin/event.js) and the collection's field rules, as 400/409.
 */
function patchedEvent(txApp, event, patch) {
  for (const key of Object.keys(patch)) event.set(key, patch[key]);
  try {
    txApp.validate(event);
  } catch (error) {
    throw errors().refusal(400, "patch", "invalid", MESSAGES.invalidValue(errors().describeError(error)));
  }
  const refused = require(`${__hooks}/lib/admin/event.js`).eventRefusal(txApp, event);
  if (refused) throw refused;
  return event;
}

/** The facts of the event as it was before this request changed it. */
function factsBefore(app, eventId) {
  return require(`${__hooks}/lib/events/facts.js`).eventFacts(app, app.findRecordById("events", eventId));
}

function cancelEvent() {
  return require(`${__hooks}/lib/notices/cancel-event.js`);
}

/** What the screen shows about notices and cancelling. */
function noticesAnswer(app, event) {
  const sequence = event.getInt("calendar_sequence");
  const notified = event.getInt("notified_sequence");
  return {
    id: event.id,
    holders: changes().seatHolders(app, event.id).length,
    sequence,
    notifiedSequence: notified,
    untoldChange: sequence > notified && event.getString("cancelled_at") === "",
    scheduleChangedAt: event.getString("schedule_changed_at"),
    cancelledAt: event.getString("cancelled_at"),
    cancel: cancelEvent().cancelPreview(app, event),
  };
}

/** GET …/notices @param {core.RequestEvent} e */
function handleStatus(e) {
  return errors().answerRefusals(e, () => {
    requireAdmin(e);
    return e.json(200, noticesAnswer(e.app, pathEvent(e.app, e)));
  });
}

/** POST …/change/preview {patch} @param {core.RequestEvent} e */
function handlePreview(e) {
  return errors().answerRefusals(e, () => {
    requireAdmin(e);
    const body = errors().readJsonObject(e, MAX_BODY_BYTES);
    const event = pathEvent(e.app, e);
    const patch = readPatch(e.app, body);
    const previous = factsBefore(e.app, event.id);
    const original = e.app.findRecordById("events", event.id);
    const draft = patchedEvent(e.app, event, patch);
    const changed = changes().changedFields(original, draft);
    const holders = changes().seatHolders(e.app, event.id).length;
    const preview = changed.length > 0 ? require(`${__hooks}/lib/notices/update-email.js`).previewMessage(e.app, draft, previous, changed) : null;
    return e.json(200, {
      holders,
      changed,
      cancelled: event.getString("cancelled_at") !== "",
      preview: preview ? { subject: preview.subject, html: preview.html, text: preview.text } : null,
    });
  });
}

/** POST …/change {patch, notify} @param {core.RequestEvent} e */
function handleChange(e) {
  return errors().answerRefusals(e, () => {
    requireAdmin(e);
    const body = errors().readJsonObject(e, MAX_BODY_BYTES);
    if (typeof body.notify !== "boolean") throw errors().refusal(400, "notify", "invalid", MESSAGES.notifyInvalid);
    const patch = readPatch(e.app, body);
    const result = inTransaction(e.app, (txApp) => {
      const event = pathEvent(txApp, e);
      const previous = factsBefore(txApp, event.id);
      const original = txApp.findRecordById("events", event.id);
      patchedEvent(txApp, event, patch);
      const changed = changes().changedFields(original, event);
      if (changed.length > 0 && original.getString("cancelled_at") !== "") throw errors().refusal(409, "event", "cancelled", MESSAGES.cancelled);
      if (changed.length > 0) {
        // The decision is made here: told now, or chosen not to be (either way not left untold).
        const sequence = original.getInt("calendar_sequence") + 1;
        event.set("calendar_sequence", sequence);
        event.set("notified_sequence", sequence);
      }
      txApp.save(event);
      const queued = changed.length > 0 && body.notify ? require(`${__hooks}/lib/notices/update-email.js`).queueUpdateEmails(txApp, event, previous, changed) : [];
      return { event, changed, queued };
    });
    deliverNow(e.app, result.queued);
    e.app.logger().info("Masterclass changed", "event", result.event.id, "changed", result.changed.join(","), "notified", result.queued.length, "by", e.auth ? e.auth.id : "");
    return e.json(200, { event: result.event, changed: result.changed, notified: result.queued.length, sequence: result.event.getInt("calendar_sequence") });
  });
}

/** POST …/notify @param {core.RequestEvent} e */
function handleNotify(e) {
  return errors().answerRefusals(e, () => {
    requireAdmin(e);
    const result = inTransaction(e.app, (txApp) => {
      const event = pathEvent(txApp, e);
      if (event.getString("cancelled_at") !== "") throw errors().refusal(409, "event", "cancelled", MESSAGES.cancelled);
      if (event.getInt("notified_sequence") >= event.getInt("calendar_sequence")) throw errors().refusal(409, "event", "nothing_to_tell", MESSAGES.nothingToTell);
      event.set("notified_sequence", event.getInt("calendar_sequence"));
      txApp.save(event);
      const queued = require(`${__hooks}/lib/notices/update-email.js`).queueUpdateEmails(txApp, event, null, changes().SCHEDULE_FIELDS);
      return { event, queued };
    });
    deliverNow(e.app, result.queued);
    return e.json(200, { notified: result.queued.length, sequence: result.event.getInt("calendar_sequence") });
  });
}

/** POST …/cancel {confirm: true} @param {core.RequestEvent} e */
function handleCancel(e) {
  return errors().answerRefusals(e, () => {
    requireAdmin(e);
    const body = errors().readJsonObject(e, MAX_BODY_BYTES);
    const event = pathEvent(e.app, e);
    const answer = cancelEvent().cancelWholeEvent(e.app, event.id, body, e.auth ? e.auth.id : "");
    return e.json(200, { ...answer, notices: noticesAnswer(e.app, e.app.findRecordById("events", event.id)) });
  });
}

/**
 * After commit: the emails just queued are tried now, as the bulk invitations
 * are (lib/admin/bulk-invitations.js); what fails is retried by the email cron
 * with its back-off, and one that fails for good shows in the admin health.
 */
function deliverNow(app, emailIds) {
  const { deliverEmail } = require(`${__hooks}/lib/email/delivery.js`);
  for (const id of emailIds) {
    try {
      deliverEmail(app, id);
    } catch (error) {
      app.logger().error("An update email could not be tried now; the email cron will", "email", id, "error", errors().describeError(error));
    }
  }
}

module.exports = { MESSAGES, handleStatus, handlePreview, handleChange, handleNotify, handleCancel };
