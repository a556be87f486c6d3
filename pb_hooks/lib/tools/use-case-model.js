/// <reference path="../../../pb_data/types.d.ts" />
// One call to an OpenAI-compatible chat completions API for a custom use case
// draft, and the check of its answer: every field of the library's structure
// present and within its limit (the JSVM has no zod; the page checks again
// with zod). Returns { draft } or { reason, detail }: the reason is shown to
// the attendee, the detail only logged.

const REASONS = {
  unreachable: "The AI model could not be reached.",
  timeout: "The AI model did not answer in time.",
  refused: "The AI model answered with an error.",
  notJson: "The AI model's answer was not valid JSON.",
  incomplete: (fields) => `The AI model's answer was missing or had invalid fields: ${fields.join(", ")}.`,
};

// Fields of each library case sent to the model as an example.
const EXAMPLE_FIELDS = [
  "title", "industry", "business_function", "problem_statement", "solution_summary",
  "value_proposition", "ai_technique", "model_type", "input_data_type", "output_type", "adoption_level",
];

function rules() {
  return require(`${__hooks}/shared/use-case-draft-rules.json`).draft;
}

function systemPrompt() {
  const { text, tagsMax, adoptionLevels } = rules();
  return [
    "You write AI use cases for business leaders, in the structure of a use case library.",
    "Answer with one JSON object and nothing else. Its keys:",
    `${Object.keys(text).join(", ")} (each a non-empty string),`,
    `tags (an array of 3 to ${tagsMax} short lowercase strings),`,
    `adoption_level (one of ${adoptionLevels.join(", ")}).`,
    "Keep the title under 100 characters and every other text under 800 characters. Write in Australian English.",
    "Base the use case on the attendee's description; use the library examples for grounding and style, never copy them.",
  ].join("\n");
}

/** @param {{industry: string, businessFunction: string, problem: string, dataAvailable: string}} request @param {core.Record[]} examples */
function userPrompt(request, examples) {
  return JSON.stringify({
    attendee: {
      industry: request.industry,
      business_function: request.businessFunction,
      problem: request.problem,
      data_available: request.dataAvailable,
    },
    library_examples: examples.map((record) => {
      const example = {};
      EXAMPLE_FIELDS.forEach((field) => (example[field] = record.getString(field)));
      return example;
    }),
  });
}

/** The JSON object inside a model's message, allowing a Markdown code fence around it; null when there is none. */
function parseContent(content) {
  if (typeof content !== "string") return null;
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(content);
  try {
    const value = JSON.parse(fenced ? fenced[1] : content);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function normaliseTags(value) {
  const { tagMax, tagsMax } = rules();
  const list = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value : [];
  const tags = [];
  list.forEach((item) => {
    const tag = typeof item === "string" ? item.replace(/\s+/g, " ").trim() : "";
    if (tag && tag.length <= tagMax && !tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  });
  return tags.slice(0, tagsMax);
}

/**
 * The draft in the library's structure, or the names of the fields that are
 * missing, empty, too long or of the wrong kind.
 * @param {any} value the model's parsed answer
 * @returns {{ draft?: Record<string, any>, invalid?: string[] }}
 */
function checkDraft(value) {
  const { text, tagsMin, adoptionLevels } = rules();
  const draft = {};
  const invalid = [];
  Object.keys(text).forEach((field) => {
    const raw = value[field];
    const clean = typeof raw === "string" ? raw.trim() : "";
    if (!clean || clean.length > text[field]) invalid.push(field);
    else draft[field] = clean;
  });
  draft.tags = normaliseTags(value.tags);
  if (draft.tags.length < tagsMin) invalid.push("tags");
  const level = typeof value.adoption_level === "string" ? value.adoption_level.trim().toLowerCase() : "";
  draft.adoption_level = adoptionLevels.find((known) => known.toLowerCase() === level) || "";
  if (!draft.adoption_level) invalid.push("adoption_level");
  return invalid.length > 0 ? { invalid } : { draft };
}

function describe(error) {
  return error && error.message ? String(error.message) : String(error);
}

/**
 * @param {{url: string, apiKey: string, model: string, timeoutSeconds: number}} config
 * @param {{industry: string, businessFunction: string, problem: string, dataAvailable: string}} request
 * @param {core.Record[]} examples
 * @returns {{ draft?: Record<string, any>, reason?: string, detail?: string }}
 */
function draftWithModel(config, request, examples) {
  let response;
  try {
    response = $http.send({
      url: `${config.url}/chat/completions`,
      method: "POST",
      headers: { Authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: config.model,
        response_format: { type: "json_object" },
        temperature: 0.4,
        messages: [
          { role: "system", content: systemPrompt() },
          { role: "user", content: userPrompt(request, examples) },
        ],
      }),
      timeout: config.timeoutSeconds,
    });
  } catch (error) {
    const detail = describe(error);
    return { reason: /deadline|timeout/i.test(detail) ? REASONS.timeout : REASONS.unreachable, detail };
  }
  if (response.statusCode < 200 || response.statusCode >= 300) return { reason: REASONS.refused, detail: `status ${response.statusCode}` };

  let content;
  try {
    const payload = JSON.parse(toString(response.body));
    content = payload.choices[0].message.content;
  } catch (error) {
    return { reason: REASONS.notJson, detail: `unreadable completion: ${describe(error)}` };
  }
  const answer = parseContent(content);
  if (!answer) return { reason: REASONS.notJson, detail: "the message is not a JSON object" };
  const checked = checkDraft(answer);
  if (checked.invalid) return { reason: REASONS.incomplete(checked.invalid), detail: checked.invalid.join(",") };
  return { draft: checked.draft };
}

module.exports = { draftWithModel, checkDraft, parseContent, REASONS };
