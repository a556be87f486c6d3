/// <reference path="../../../pb_data/types.d.ts" />
// Fixed-window counters for the limits PocketBase's per-address limiter
// cannot express (per account, per email, one budget shared by two routes).
// They live in the app store, which every hook runtime shares; `setFunc`
// updates a counter under the store's lock, so concurrent requests never
// both take the last allowance. A cron job drops windows that have ended.

const PREFIX = "rate:";

function parse(value) {
  const [count, startedAt] = String(value || "").split("|").map(Number);
  return { count: count || 0, startedAt: startedAt || 0 };
}

function windowOf(value, rule, now) {
  const current = parse(value);
  return now - current.startedAt < rule.seconds * 1000 ? current : { count: 0, startedAt: now };
}

/** The refusal a route answers with (429, PocketBase's error shape). */
function tooManyRequests(retryAfterSeconds) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
  const error = require(`${__hooks}/lib/core/errors.js`).requestError(429, message, { rate: { code: "rate_limited", message } });
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/**
 * Counts one attempt against `name`'s limit for `key`, under the store's lock.
 * Returns null when the limit is off, otherwise what happened: `refused` (the
 * refusal, nothing counted, or null), `reached` (true for the one attempt per
 * window that used the last allowance), `count` and `endsAt` (ms) of the window.
 * @param {core.App} app
 * @param {string} name a rate in lib/core/limits.js
 * @param {string} key what the rate is kept per (address, email, account…)
 */
function count(app, name, key) {
  const rule = require(`${__hooks}/lib/core/limits.js`).rate(name);
  if (!rule) return null;
  const now = Date.now();
  let allowed = false;
  let counted = 0;
  let endsAt = now;
  app.store().setFunc(`${PREFIX}${name}:${String(key).toLowerCase()}`, (old) => {
    const current = windowOf(old, rule, now);
    allowed = current.count < rule.max;
    counted = allowed ? current.count + 1 : current.count;
    endsAt = current.startedAt + rule.seconds * 1000;
    return `${counted}|${current.startedAt}`;
  });
  return {
    refused: allowed ? null : tooManyRequests(Math.ceil((endsAt - now) / 1000)),
    reached: allowed && counted === rule.max,
    count: counted,
    endsAt,
  };
}

/**
 * Counts one attempt against `name`'s limit for `key`. Returns null when it
 * is allowed (or the limit is off), otherwise the refusal (nothing counted).
 * @param {core.App} app
 * @param {string} name a rate in lib/core/limits.js
 * @param {string} key what the rate is kept per (address, email, account…)
 */
function consume(app, name, key) {
  const counted = count(app, name, key);
  return counted ? counted.refused : null;
}

/** Like consume, throwing the refusal. */
function enforce(app, name, key) {
  const refused = consume(app, name, key);
  if (refused) throw refused;
}

/** Whether `key` has used up `name` (without counting anything): the refusal or null. */
function exhausted(app, name, key) {
  const rule = require(`${__hooks}/lib/core/limits.js`).rate(name);
  if (!rule) return null;
  const now = Date.now();
  const storeKey = `${PREFIX}${name}:${String(key).toLowerCase()}`;
  if (!app.store().has(storeKey)) return null;
  const current = windowOf(app.store().get(storeKey), rule, now);
  if (current.count < rule.max) return null;
  return tooManyRequests(Math.ceil((current.startedAt + rule.seconds * 1000 - now) / 1000));
}

/** Forgets `key`'s count (a successful sign-in clears its failures). */
function reset(app, name, key) {
  app.store().remove(`${PREFIX}${name}:${String(key).toLowerCase()}`);
}

/** The cron: removes counters whose window has ended. */
function pruneEndedWindows(app) {
  const limits = require(`${__hooks}/lib/core/limits.js`);
  const now = Date.now();
  const all = app.store().getAll();
  let removed = 0;
  Object.keys(all).forEach((key) => {
    if (!key.startsWith(PREFIX)) return;
    const name = key.slice(PREFIX.length).split(":")[0];
    const rule = limits.RATES[name] ? limits.rate(name) : null;
    if (!rule || now - parse(all[key]).startedAt >= rule.seconds * 1000) {
      app.store().remove(key);
      removed += 1;
    }
  });
  return removed;
}

module.exports = { consume, count, enforce, exhausted, reset, pruneEndedWindows, tooManyRequests };
