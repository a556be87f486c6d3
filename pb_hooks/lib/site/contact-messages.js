/// <reference path="../../../pb_data/types.d.ts" />
// Idempotent contact messages: see pb_hooks/contact-messages.pb.js.

/** @param {core.RecordRequestEvent} e */
function answerRepeatedMessage(e) {
  const id = e.record.id;
  if (id) {
    let existing = null;
    try {
      existing = e.app.findRecordById("contact_messages", id);
    } catch {
      existing = null;
    }
    if (existing) return e.noContent(204);
  }
  return e.next();
}

module.exports = { answerRepeatedMessage };
