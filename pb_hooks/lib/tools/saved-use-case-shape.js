/// <reference path="../../../pb_data/types.d.ts" />
// The size of a saved use case's draft (saved_use_cases.generated), checked on
// the record as it would be stored (pb_hooks/saved-use-cases.pb.js): at most
// 64 KB in all, each draft text, tag and request text within the draft rules
// the generator and the editor use (shared/use-case-draft-rules.json), at
// most `basedOnMax` cases it was based on. Other parts are not interpreted,
// only counted in the 64 KB. The size is the draft's JSON as stored (UTF-8,
// with < > & written as six-byte escapes), as the editor measures it before
// saving (src/features/use-case-draft/saveCustomUseCase.ts).

const SOURCE_MAX = 20;
const BASED_ON_ID_MAX = 15;
const REQUEST_FIELDS = { industry: "industry", businessFunction: "business function", problem: "problem", dataAvailable: "data available" };

/** The UTF-8 size of a string in bytes (the hook runtime has no TextEncoder). */
function utf8Bytes(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const tooLong = (value, max) => value !== undefined && value !== null && (typeof value !== "string" || value.length > max);

/**
 * What is wrong with a saved draft's JSON text ("" when it may be saved).
 * @param {string} raw the field as it would be stored
 */
function generatedProblem(raw) {
  const rules = require(`${__hooks}/shared/use-case-draft-rules.json`);
  if (raw === "" || raw === "null") return "";
  const maxBytes = rules.saved.generatedMaxBytes;
  if (utf8Bytes(raw) > maxBytes) return `A saved use case can hold at most ${Math.round(maxBytes / 1024)} KB of draft.`;
  let generated;
  try {
    generated = JSON.parse(raw);
  } catch {
    return "A saved draft must be an object.";
  }
  if (!isObject(generated)) return "A saved draft must be an object.";
  for (const field of Object.keys(rules.draft.text)) {
    const max = rules.draft.text[field];
    if (tooLong(generated[field], max)) return `The draft's ${field.replace(/_/g, " ")} can be at most ${max} characters.`;
  }
  const tags = generated.tags;
  if (tags !== undefined && tags !== null
    && !(Array.isArray(tags) && tags.length <= rules.draft.tagsMax && tags.every((tag) => typeof tag === "string" && tag.length <= rules.draft.tagMax))) {
    return `A draft has at most ${rules.draft.tagsMax} tags, each of at most ${rules.draft.tagMax} characters.`;
  }
  if (tooLong(generated.adoption_level, Math.max(...rules.draft.adoptionLevels.map((level) => level.length)))) return "The draft's adoption level is not valid.";
  if (tooLong(generated.source, SOURCE_MAX)) return "The draft's source is not valid.";
  const basedOn = generated.based_on;
  if (basedOn !== undefined && basedOn !== null) {
    const valid = Array.isArray(basedOn) && basedOn.length <= rules.request.basedOnMax
      && basedOn.every((item) => isObject(item) && !tooLong(item.id, BASED_ON_ID_MAX) && !tooLong(item.title, rules.draft.text.title));
    if (!valid) return `A draft is based on at most ${rules.request.basedOnMax} use cases.`;
  }
  const request = generated.request;
  if (request !== undefined && request !== null) {
    if (!isObject(request)) return "The draft's request is not valid.";
    for (const field of Object.keys(REQUEST_FIELDS)) {
      const max = rules.request[field].max;
      if (tooLong(request[field], max)) return `The draft's request ${REQUEST_FIELDS[field]} can be at most ${max} characters.`;
    }
  }
  return "";
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest for saved_use_cases: a draft
 * out of size is answered 400 on `generated`, and nothing is written.
 * @param {core.RecordRequestEvent} e
 */
function checkSavedUseCase(e) {
  const problem = generatedProblem(e.record.getString("generated"));
  if (!problem) return e.next();
  // Answered directly: PocketBase's own errors would replace the message.
  return e.json(400, { status: 400, message: problem, data: { generated: { code: "saved_draft_invalid", message: problem } } });
}

module.exports = { utf8Bytes, generatedProblem, checkSavedUseCase };
