/// <reference path="../../../pb_data/types.d.ts" />
// The shape of a readiness assessment, checked on every create and update
// request (pb_hooks/readiness.pb.js) against the question set the portal uses
// (shared/readiness-framework.json). Devices send updates as patches of the
// fields they changed, so the record checked is the stored one with the
// request applied (`e.record`), never the body alone.
//
// - answers: an object of known question ids → whole numbers 1..5;
// - in progress: no level, no dimension scores, no plan ticks yet;
// - completed: every question answered, and the dimension scores, score and
//   level exactly those the answers give (the portal's scoring, restated
//   below), a completion date, and plan ticks that are a list of actions of
//   this assessment's plan, each once.

const FRAMEWORK = require(`${__hooks}/shared/readiness-framework.json`);
const PLAN_FOCUS = 3;

/** The stored JSON value of a field; undefined when it is not valid JSON. */
function jsonField(record, name) {
  const raw = record.getString(name);
  if (raw === "") return null;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isEmpty = (value) => value === null || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
const isAnswer = (value) => typeof value === "number" && Number.isInteger(value) && value >= FRAMEWORK.answerMin && value <= FRAMEWORK.answerMax;

function dimensionScore(dimension, answers) {
  const given = dimension.questions.map((question) => answers[question.id]);
  const sum = given.reduce((total, answer) => total + answer, 0);
  return Math.round(((sum - given.length * FRAMEWORK.answerMin) * 100) / (given.length * (FRAMEWORK.answerMax - FRAMEWORK.answerMin)));
}

function levelFor(score) {
  let found = FRAMEWORK.levels[0];
  for (const level of FRAMEWORK.levels) if (score >= level.min) found = level;
  return found.name;
}

/** The action ids of the plan: the three weakest dimensions (ties in the question set's order). */
function planActionIds(scores) {
  return FRAMEWORK.dimensions
    .map((dimension, order) => ({ dimension, order, score: scores[dimension.id] }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, PLAN_FOCUS)
    .flatMap((entry) => entry.dimension.actions.map((action) => action.id));
}

/** The problem with the answers, or "" when they are well formed. */
function answersProblem(answers, questionIds) {
  if (answers === undefined || (answers !== null && !isObject(answers))) return "Answers must be an object of question ids and answers.";
  const entries = Object.entries(answers || {});
  if (entries.length > questionIds.length) return `An assessment has at most ${questionIds.length} answers.`;
  for (const [id, answer] of entries) {
    if (questionIds.indexOf(id) < 0) return `Unknown question: ${id.slice(0, 60)}.`;
    if (!isAnswer(answer)) return `Each answer must be a whole number from ${FRAMEWORK.answerMin} to ${FRAMEWORK.answerMax}.`;
  }
  return "";
}

/**
 * Field → message for each problem of the record (empty when it is well formed).
 * @param {core.Record} record
 */
function assessmentProblems(record) {
  const problems = {};
  const questionIds = FRAMEWORK.dimensions.flatMap((dimension) => dimension.questions.map((question) => question.id));
  const answers = jsonField(record, "answers");
  const answersIssue = answersProblem(answers, questionIds);
  if (answersIssue) problems.answers = answersIssue;

  const version = record.getInt("framework_version");
  if (version !== 0 && version !== FRAMEWORK.version) problems.framework_version = `Unknown question set version: ${version}.`;

  const dimensionScores = jsonField(record, "dimension_scores");
  const planDone = jsonField(record, "plan_done");
  const level = record.getString("level");
  if (record.getString("status") !== "completed") {
    if (level !== "") problems.level = "An assessment in progress has no level yet.";
    if (!isEmpty(dimensionScores)) problems.dimension_scores = "An assessment in progress has no dimension scores yet.";
    if (!isEmpty(planDone)) problems.plan_done = "An assessment in progress has no action plan yet.";
    return problems;
  }

  if (answersIssue) return problems;
  const missing = questionIds.filter((id) => !isAnswer((answers || {})[id])).length;
  if (missing > 0) {
    problems.answers = `A completed assessment needs an answer to every question (${missing} missing).`;
    return problems;
  }
  const expectedScores = {};
  for (const dimension of FRAMEWORK.dimensions) expectedScores[dimension.id] = dimensionScore(dimension, answers);
  const expectedScore = Math.round(FRAMEWORK.dimensions.reduce((sum, dimension) => sum + expectedScores[dimension.id], 0) / FRAMEWORK.dimensions.length);
  const scoresMatch = isObject(dimensionScores) && Object.keys(dimensionScores).length === FRAMEWORK.dimensions.length
    && FRAMEWORK.dimensions.every((dimension) => dimensionScores[dimension.id] === expectedScores[dimension.id]);
  if (!scoresMatch) problems.dimension_scores = "The dimension scores do not match the answers.";
  if (record.getInt("score") !== expectedScore || record.getFloat("score") !== expectedScore) {
    problems.score = `The score does not match the answers (they give ${expectedScore}).`;
  }
  if (level !== levelFor(expectedScore)) problems.level = `The level does not match the score (it is ${levelFor(expectedScore)}).`;
  if (record.getString("completed_at") === "") problems.completed_at = "A completed assessment needs its completion date.";

  const planIds = planActionIds(expectedScores);
  const ticks = planDone === null ? [] : planDone;
  const ticksValid = Array.isArray(ticks) && ticks.length <= planIds.length
    && ticks.every((id, index) => typeof id === "string" && planIds.indexOf(id) >= 0 && ticks.indexOf(id) === index);
  if (!ticksValid) problems.plan_done = "Plan ticks must list actions of this assessment's plan, each once.";
  return problems;
}

/**
 * onRecordCreateRequest / onRecordUpdateRequest handler: 400 naming each
 * problem, otherwise the request goes on (rules and field checks follow).
 * @param {core.RecordRequestEvent} e
 */
function checkAssessment(e) {
  const problems = assessmentProblems(e.record);
  const fields = Object.keys(problems);
  if (fields.length === 0) return e.next();
  const data = {};
  for (const field of fields) data[field] = { code: "invalid_readiness_assessment", message: problems[field] };
  // Answered directly rather than thrown: PocketBase's own errors would replace these messages with "Invalid value."
  return e.json(400, { status: 400, message: problems[fields[0]], data });
}

module.exports = { assessmentProblems, checkAssessment };
