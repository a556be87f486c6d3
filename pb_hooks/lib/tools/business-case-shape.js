/// <reference path="../../../pb_data/types.d.ts" />
// The shape of a saved business case: see pb_hooks/business-case.pb.js.
// Checked on the record as it would be stored (an update's patch merged into
// the stored record). Bounds: shared/business-case-limits.json,
// the same file the builder's form reads.

const TEXT_FIELDS = ["problem_statement", "proposed_solution", "expected_benefits", "risks", "timeline", "success_metrics", "opportunity"];
const AMOUNT_FIELDS = ["extra_revenue_cents", "cost_avoided_cents"];
const SUMMARY_FIELDS = ["estimated_cost_cents", "estimated_annual_benefit_cents"];
const LIST_FIELDS = {
  stakeholders: { texts: ["name", "role", "interest"], label: "Stakeholders" },
  one_off_costs: { texts: ["label"], amount: "amount_cents", label: "One-off costs" },
  running_costs: { texts: ["label"], amount: "amount_cents", label: "Yearly running costs" },
  risk_items: { texts: ["risk", "mitigation"], label: "Risks" },
  milestones: { texts: ["title"], month: "month", label: "Milestones" },
};

/** 1234567 → "1,234,567" (the hook runtime has no Intl). */
function grouped(whole) {
  let digits = String(Math.floor(whole));
  let out = "";
  while (digits.length > 3) {
    out = `,${digits.slice(-3)}${out}`;
    digits = digits.slice(0, -3);
  }
  return digits + out;
}
const dollars = (cents) => `$${grouped(cents / 100)}`;

/** A JSON field's value as stored (null when empty or unreadable). */
function jsonValue(record, name) {
  const raw = record.getString(name);
  if (raw === "" || raw === "null") return null;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const isWholeCents = (value, max) => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;

/** Problems of one list field, as {field: message}. */
function checkList(name, rule, value, limits, problems) {
  if (value === null) return;
  if (!Array.isArray(value)) {
    problems[name] = `${rule.label} must be a list.`;
    return;
  }
  if (value.length > limits.listMax) {
    problems[name] = `${rule.label}: at most ${limits.listMax} entries.`;
    return;
  }
  let total = 0;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const at = `${rule.label}, entry ${i + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      problems[name] = `${at} is not valid.`;
      return;
    }
    for (const text of rule.texts) {
      const v = item[text];
      if (v !== undefined && (typeof v !== "string" || v.length > limits.itemTextMax)) {
        problems[name] = `${at}: ${text} must be text of at most ${limits.itemTextMax} characters.`;
        return;
      }
    }
    if (rule.amount) {
      const amount = item[rule.amount];
      if (!isWholeCents(amount, limits.amountMaxCents)) {
        problems[name] = `${at}: the amount must be whole cents between $0 and ${dollars(limits.amountMaxCents)}.`;
        return;
      }
      total += amount;
    }
    if (rule.month) {
      const month = item[rule.month];
      if (!(Number.isInteger(month) && month >= 0 && month <= limits.milestoneMonthMax)) {
        problems[name] = `${at}: the month must be a whole number from 0 to ${limits.milestoneMonthMax}.`;
        return;
      }
    }
  }
  if (rule.amount && total > limits.amountMaxCents) {
    problems[name] = `${rule.label} add up to more than ${dollars(limits.amountMaxCents)}.`;
  }
}

/**
 * Every problem of the case, as {field: message}; empty when it may be saved.
 * @param {core.Record} record the record as it would be stored
 */
function businessCaseProblems(record) {
  const limits = require(`${__hooks}/shared/business-case-limits.json`);
  const problems = {};

  const title = record.getString("title");
  if (title.trim() === "") problems.title = "Give the business case a title.";
  else if (title.length > limits.titleMax) problems.title = `The title can be at most ${limits.titleMax} characters.`;
  for (const name of TEXT_FIELDS) {
    if (record.getString(name).length > limits.textMax) problems[name] = `At most ${limits.textMax} characters.`;
  }
  const currency = record.getString("currency");
  if (currency !== "" && currency !== "AUD") problems.currency = "Business cases are in AUD.";

  const number = (name) => record.getFloat(name);
  for (const name of AMOUNT_FIELDS) {
    if (!problems[name] && !isWholeCents(number(name), limits.amountMaxCents)) {
      problems[name] = `Enter whole cents between $0 and ${dollars(limits.amountMaxCents)}.`;
    }
  }
  for (const name of SUMMARY_FIELDS) {
    if (!problems[name] && !isWholeCents(number(name), limits.summaryMaxCents)) problems[name] = "The computed amount is out of range.";
  }
  if (!problems.hourly_rate_cents && !isWholeCents(number("hourly_rate_cents"), limits.hourlyRateMaxCents)) {
    problems.hourly_rate_cents = `The hourly rate must be between $0 and ${dollars(limits.hourlyRateMaxCents)}.`;
  }
  const hours = number("hours_saved_per_week");
  if (!problems.hours_saved_per_week && !(hours >= 0 && hours <= limits.hoursPerWeekMax)) {
    problems.hours_saved_per_week = `Hours saved a week must be between 0 and ${grouped(limits.hoursPerWeekMax)}.`;
  }
  const rate = number("discount_rate_percent");
  if (!problems.discount_rate_percent && !(rate >= 0 && rate <= limits.percentMax)) {
    problems.discount_rate_percent = `The discount rate must be between 0 and ${limits.percentMax} %.`;
  }

  const ramp = jsonValue(record, "ramp_up_percent");
  if (ramp !== null) {
    const valid = Array.isArray(ramp) && ramp.length === 3 && ramp.every((p) => typeof p === "number" && p >= 0 && p <= limits.percentMax);
    if (!valid) problems.ramp_up_percent = `The ramp-up is three percentages (years 1 to 3) between 0 and ${limits.percentMax}.`;
  }
  const source = jsonValue(record, "source_use_case");
  if (source !== null) {
    const valid = source && typeof source === "object" && !Array.isArray(source) && (source.kind === "library" || source.kind === "saved")
      && typeof source.id === "string" && source.id.length <= 15 && typeof source.title === "string" && source.title.length <= limits.titleMax;
    if (!valid) problems.source_use_case = "The source use case is not valid.";
  }
  for (const name of Object.keys(LIST_FIELDS)) {
    const value = jsonValue(record, name);
    if (value === undefined) problems[name] = `${LIST_FIELDS[name].label} are not valid.`;
    else checkList(name, LIST_FIELDS[name], value, limits, problems);
  }
  return problems;
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest handler for business_cases:
 * a case out of shape is answered 400 naming each field, and nothing is written.
 * @param {core.RecordRequestEvent} e
 */
function checkBusinessCase(e) {
  const problems = businessCaseProblems(e.record);
  const names = Object.keys(problems);
  if (names.length === 0) return e.next();
  const data = {};
  for (const name of names) data[name] = { code: "business_case_invalid", message: problems[name] };
  return e.json(400, { status: 400, message: problems[names[0]], data });
}

module.exports = { checkBusinessCase, businessCaseProblems };
