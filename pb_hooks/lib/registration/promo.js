/// <reference path="../../../pb_data/types.d.ts" />
// Promo codes: matched case-insensitively, usable while active, unexpired and
// with uses left. Never sent to a browser; a use is counted inside the
// registration's transaction, so concurrent claims cannot exceed max_uses.

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * @param {core.App} app
 * @param {string} code
 * @returns {core.Record | null}
 */
function findPromoCode(app, code) {
  if (!CODE_PATTERN.test(code)) return null;
  const row = new DynamicModel({ id: "" });
  try {
    app.db().newQuery("SELECT id FROM promo_codes WHERE code = {:code} COLLATE NOCASE LIMIT 1").bind({ code }).one(row);
    return app.findRecordById("promo_codes", row.id);
  } catch {
    return null;
  }
}

/**
 * @param {core.Record} promo
 * @param {string} eventId
 */
function isUsable(promo, eventId) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const expiresAt = promo.getString("expires_at");
  return (
    promo.getBool("active") &&
    promo.getString("event") === eventId &&
    (expiresAt === "" || expiresAt > dbNow()) &&
    promo.getInt("used_count") < promo.getInt("max_uses")
  );
}

// isUsable as one statement: the code (any case; unique, so one row at most)
// active, for this event, unexpired, with uses left.
const USABLE_CODE_SQL = `
  SELECT id FROM promo_codes
  WHERE code = {:code} COLLATE NOCASE AND active = 1 AND event = {:event}
    AND (expires_at = '' OR expires_at > {:now}) AND used_count < max_uses
  LIMIT 1`;

/**
 * Counts one use of the code and returns its id, or null when it cannot be
 * used. Call with the transaction's app: the read and the increment are one
 * step. Two statements rather than a record read and save: a registration's
 * transaction holds SQLite's only writer, and the count is the only change.
 * @param {core.App} txApp
 * @param {string} code
 * @param {string} eventId
 * @returns {{id: string} | null}
 */
function claimPromoCode(txApp, code, eventId) {
  const { dbNow } = require(`${__hooks}/lib/core/db-date.js`);
  const now = dbNow();
  const usable = usablePromoCode(txApp, code, eventId, now);
  if (!usable) return null;
  txApp.db().newQuery("UPDATE promo_codes SET used_count = used_count + 1, updated = {:now} WHERE id = {:id}").bind({ id: usable.id, now }).execute();
  return usable;
}

/**
 * The code's id when it can be used now for this event (isUsable), or null; counts nothing.
 * @param {core.App} app
 * @param {string} code
 * @param {string} eventId
 * @param {string} [now] a database date
 * @returns {{id: string} | null}
 */
function usablePromoCode(app, code, eventId, now) {
  if (!CODE_PATTERN.test(code)) return null;
  const rows = arrayOf(new DynamicModel({ id: "" }));
  app.db().newQuery(USABLE_CODE_SQL).bind({ code, event: eventId, now: now || require(`${__hooks}/lib/core/db-date.js`).dbNow() }).all(rows);
  return rows.length > 0 ? { id: rows[0].id } : null;
}

/** POST /api/masterclass/promo/validate {code} @param {core.RequestEvent} e */
function handleValidatePromo(e) {
  const { MAX_BODY_BYTES, MESSAGES } = require(`${__hooks}/lib/core/constants.js`);
  const { answerRefusals, readJsonObject, refusal, invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  const { requestedEvent } = require(`${__hooks}/lib/events/summary.js`);
  return answerRefusals(e, () => {
    const body = readJsonObject(e, MAX_BODY_BYTES);
    const unknown = Object.keys(body).filter((key) => key !== "code" && key !== "event");
    if (unknown.length > 0) {
      throw invalidFields({ [unknown[0]]: { code: "unknown_field", message: MESSAGES.unknownField(unknown[0]) } });
    }
    if (typeof body.code !== "string" || body.code.trim() === "") {
      throw refusal(400, "promoCode", "required", MESSAGES.promoCodeRequired);
    }
    // One budget with promo-mode registrations (lib/registration/routes.js).
    const address = require(`${__hooks}/lib/core/client-key.js`).clientAddress(e);
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "promoChecks", address);
    // The featured masterclass, or the one the body names (`event`: its id).
    const event = requestedEvent(e, body.event);
    const promo = findPromoCode(e.app, body.code.trim());
    if (!promo || !isUsable(promo, event.id)) {
      throw refusal(400, "promoCode", "invalid_promo", MESSAGES.promoCodeInvalid);
    }
    return e.json(200, { valid: true });
  });
}

module.exports = { findPromoCode, isUsable, claimPromoCode, usablePromoCode, handleValidatePromo };
