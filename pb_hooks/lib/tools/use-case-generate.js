/// <reference path="../../../pb_data/types.d.ts" />
// POST /api/masterclass/use-cases/generate (signed-in users): drafts a custom
// use case with an OpenAI-compatible model when AI_API_URL and AI_API_KEY are
// set (lib/tools/use-case-model.js). Without a model the answer is 200
// `{ source: "device" }` (the page drafts from its built-in template and tells
// attendees nothing about the server's settings; administrators see them on the
// admin use-cases page, GET /api/masterclass/admin/use-case-model). Whatever
// goes wrong with a configured model, the answer is 200 `{ source: "device",
// reason }` and the page drafts on the device; a
// usable answer is 200 `{ source: "model", draft, basedOn }`. A malformed
// request is a 400 with field messages (the page checks the same rules,
// shared/use-case-draft-rules.json); model calls are limited per account.

const MAX_BODY_BYTES = 16 * 1024;
const REQUEST_FIELDS = ["industry", "businessFunction", "problem", "dataAvailable"];

const MESSAGES = {
  forbidden: "Only administrators can see the AI drafting settings.",
  basedOnInvalid: (max) => `basedOn must be a list of at most ${max} library use case ids.`,
};

function rules() {
  return require(`${__hooks}/shared/use-case-draft-rules.json`);
}

/**
 * The trimmed request, or the message under each field that is wrong.
 * @param {Record<string, any>} body
 * @returns {{ request?: {industry: string, businessFunction: string, problem: string, dataAvailable: string, basedOn: string[]}, errors?: Record<string, {code: string, message: string}> }}
 */
function validateRequest(body) {
  const { request: limits } = rules();
  const errors = {};
  const request = { basedOn: [] };
  REQUEST_FIELDS.forEach((name) => {
    const rule = limits[name];
    const value = typeof body[name] === "string" ? body[name].trim() : "";
    request[name] = value;
    if (value.length < rule.min) errors[name] = { code: "required", message: rule.message };
    else if (value.length > rule.max) errors[name] = { code: "too_long", message: limits.tooLong.replace("{max}", String(rule.max)) };
  });
  const basedOn = body.basedOn === undefined || body.basedOn === null ? [] : body.basedOn;
  const idPattern = new RegExp(limits.idPattern);
  if (!Array.isArray(basedOn) || basedOn.length > limits.basedOnMax || !basedOn.every((id) => typeof id === "string" && idPattern.test(id))) {
    errors.basedOn = { code: "invalid", message: MESSAGES.basedOnInvalid(limits.basedOnMax) };
  } else {
    request.basedOn = basedOn.filter((id, index) => basedOn.indexOf(id) === index);
  }
  return Object.keys(errors).length > 0 ? { errors } : { request };
}

function env(name) {
  return ($os.getenv(name) || "").trim();
}

const DEFAULT_MODEL = "gpt-4o-mini";
const DEFAULT_TIMEOUT_SECONDS = 10;
const MAX_TIMEOUT_SECONDS = 60;

/** The model's settings from the environment, or null without a URL and key. */
function modelConfig() {
  const url = env("AI_API_URL").replace(/\/+$/, "");
  const apiKey = env("AI_API_KEY");
  if (!url || !apiKey) return null;
  const seconds = parseInt(env("AI_API_TIMEOUT_SECONDS"), 10);
  const timeoutSeconds = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_TIMEOUT_SECONDS) : DEFAULT_TIMEOUT_SECONDS;
  return { url, apiKey, model: env("AI_MODEL") || DEFAULT_MODEL, timeoutSeconds };
}

/** The library cases the page found closest, in its order (unknown ids left out). */
function readExamples(app, ids) {
  if (ids.length === 0) return [];
  const found = app.findRecordsByIds("ai_use_cases", ids);
  return ids.map((id) => found.find((record) => record.id === id)).filter((record) => !!record);
}

/** POST /api/masterclass/use-cases/generate @param {core.RequestEvent} e */
function handleGenerate(e) {
  const { answerRefusals, readJsonObject, invalidFields } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const checked = validateRequest(readJsonObject(e, MAX_BODY_BYTES));
    if (checked.errors) throw invalidFields(checked.errors);
    const config = modelConfig();
    if (!config) return e.json(200, { source: "device" });
    require(`${__hooks}/lib/core/rate-limit.js`).enforce(e.app, "useCaseDrafts", e.auth.id);

    const examples = readExamples(e.app, checked.request.basedOn);
    const outcome = require(`${__hooks}/lib/tools/use-case-model.js`).draftWithModel(config, checked.request, examples);
    if (outcome.reason) {
      // Never the key: the config is not logged, only what failed.
      e.app.logger().warn("Use case model draft not used", "user", e.auth.id, "reason", outcome.reason, "detail", outcome.detail || "");
      return e.json(200, { source: "device", reason: outcome.reason });
    }
    const basedOn = examples.map((record) => ({ id: record.id, title: record.getString("title") }));
    return e.json(200, { source: "model", draft: outcome.draft, basedOn });
  });
}

/**
 * GET /api/masterclass/admin/use-case-model (administrators): whether drafts come
 * from a model, and its name; never the URL or the key.
 * @param {core.RequestEvent} e
 */
function handleModelStatus(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    require(`${__hooks}/lib/core/admin-auth.js`).requireAdministrator(e, { forbidden: MESSAGES.forbidden });
    const config = modelConfig();
    return e.json(200, config ? { configured: true, model: config.model } : { configured: false });
  });
}

module.exports = { validateRequest, modelConfig, handleGenerate, handleModelStatus, MESSAGES };
