/// <reference path="../../../pb_data/types.d.ts" />
// GET /api/masterclass/use-cases/sync (signed-in users): one page of the use
// case library for the sync's pull (src/sync/pullCollection.ts), the records
// the records API lists for `filter=updated >= since` (or strictly after
// (after_updated, after_id)) with `sort=updated,id`, each in the records API's
// JSON shape, so a device stores the same rows either way.
//
// Why a route of its own (bench/results/use-case-search.json): a first pull
// reads the whole library, 10,000 use cases in pages; here SQLite writes the
// page's JSON text itself (json_object per row, one json_group_array), so the
// server spends no time making a record model of each row and encoding it
// again, and a page may hold up to MAX_LIMIT rows instead of the records API's
// 1,000. The keyset (updated, id) reads the (updated) index in order.
//
// The columns come from the collection's own fields (hidden ones left out, as
// the records API does), so a field added to `ai_use_cases` is synced without
// touching this file; a field type it does not know makes the route refuse
// (500) rather than send something the records API would not.

const COLLECTION = "ai_use_cases";
const DEFAULT_LIMIT = 500;
const MAX_LIMIT = 2000;
const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const MESSAGES = {
  since: "since must be a stamp such as 2025-06-18 09:00:00.000Z.",
  after: "after_updated and after_id go together: a stamp and a record id.",
};

/**
 * The SQL expression of one field's value as the records API writes it.
 * @param {core.Field} field
 */
function fieldJson(field) {
  const column = `[[${field.name}]]`;
  switch (field.type()) {
    case "text":
    case "editor":
    case "email":
    case "url":
    case "date":
    case "autodate":
      return `COALESCE(${column}, '')`;
    case "number":
      return `COALESCE(${column}, 0)`;
    case "bool":
      return `(CASE WHEN ${column} THEN json('true') ELSE json('false') END)`;
    case "select":
    case "relation":
    case "file":
      if (field.maxSelect <= 1) return `COALESCE(${column}, '')`;
      return `(CASE WHEN json_valid(${column}) THEN json(${column}) ELSE json('[]') END)`;
    case "json":
      return `(CASE WHEN ${column} IS NULL OR ${column} = '' OR NOT json_valid(${column}) THEN json('null') ELSE json(${column}) END)`;
    default:
      throw new Error(`use-case-sync: field ${field.name} has a type (${field.type()}) this route does not write`);
  }
}

/** The json_object(...) of a row, the collection's id and name first as the records API writes them. */
function rowJson(collection) {
  const parts = [`'collectionId', {:collectionId}`, `'collectionName', {:collectionName}`];
  for (const field of collection.fields) {
    if (field.hidden) continue;
    parts.push(`'${field.name}', ${field.name === "id" ? "[[id]]" : fieldJson(field)}`);
  }
  return `json_object(${parts.join(", ")})`;
}

/**
 * The request's position and page size, checked.
 * @param {(name: string) => string} param
 */
function readSyncQuery(param) {
  const { refusal } = require(`${__hooks}/lib/core/errors.js`);
  const since = String(param("since") || "");
  const afterUpdated = String(param("after_updated") || "");
  const afterId = String(param("after_id") || "");
  if (since && !STAMP.test(since)) throw refusal(400, "since", "invalid", MESSAGES.since);
  if ((afterUpdated || afterId) && !(STAMP.test(afterUpdated) && ID.test(afterId))) throw refusal(400, "after", "invalid", MESSAGES.after);
  const limit = Number.parseInt(String(param("limit") || ""), 10);
  return {
    since,
    after: afterUpdated ? { updated: afterUpdated, id: afterId } : null,
    limit: Number.isFinite(limit) && limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT,
  };
}

/**
 * One page as the JSON text of the answer, `{"items":[...]}`.
 * @param {core.App} app
 */
function syncPageJson(app, query) {
  const collection = app.findCollectionByNameOrId(COLLECTION);
  let where = "";
  const params = { collectionId: collection.id, collectionName: collection.name, limit: query.limit };
  if (query.after) {
    where = "WHERE [[updated]] > {:afterUpdated} OR ([[updated]] = {:afterUpdated} AND [[id]] > {:afterId})";
    params.afterUpdated = query.after.updated;
    params.afterId = query.after.id;
  } else if (query.since) {
    where = "WHERE [[updated]] >= {:since}";
    params.since = query.since;
  }
  const sql = `SELECT COALESCE(json_group_array(json(p.item)), '[]') AS items FROM (
      SELECT ${rowJson(collection)} AS item FROM {{${COLLECTION}}} ${where} ORDER BY [[updated]], [[id]] LIMIT {:limit}
    ) p`;
  const page = new DynamicModel({ items: "" });
  app.db().newQuery(sql).bind(params).one(page);
  return `{"items":${page.items}}`;
}

/** GET /api/masterclass/use-cases/sync @param {core.RequestEvent} e */
function handleUseCaseSync(e) {
  const { answerRefusals } = require(`${__hooks}/lib/core/errors.js`);
  return answerRefusals(e, () => {
    const url = e.request.url.query();
    const body = syncPageJson(e.app, readSyncQuery((name) => url.get(name)));
    const header = e.response.header();
    header.set("Content-Type", "application/json");
    header.set("Cache-Control", "no-store");
    return e.string(200, body);
  });
}

module.exports = { MAX_LIMIT, MESSAGES, readSyncQuery, syncPageJson, handleUseCaseSync };
