/// <reference path="../../pb_data/types.d.ts" />
// GET /api/masterclass/attendees.csv (administrators only): every attendee
// matching the admin table's filters (name, email, company: case-insensitive
// contains, as the list's `~`), in the table's order (default newest first),
// as a CSV file with the spec's 12 columns (section 3 "CSV export columns").
//
// - RFC 4180: a cell holding a comma, a quote, CR or LF is quoted, quotes
//   doubled; lines end with CRLF.
// - Formula injection (DESIGN decision 12): a cell starting with =, +, -, @,
//   tab or CR gets a leading apostrophe, so a spreadsheet shows it as text.
// - UTF-8 with a byte order mark, so spreadsheet programs read names right.
// - Registration Date as YYYY-MM-DD HH:mm in the attendee's event's time zone.
// - Read in pages of PAGE_SIZE rows by keyset (the sort value and id of the
//   last row), each page written to the response as soon as it is read, so
//   10,000 rows never sit in memory at once and the first bytes leave early.
// With no matching rows the file holds the header line only.

const COLUMNS = [
  "Name", "Email", "Company", "Job Title", "Role", "Phone Number", "Dietary Requirements",
  "Marketing Consent", "User Role", "Registration Date", "UTM Source", "UTM Medium",
];
const PAGE_SIZE = 500;
const BOM = "\uFEFF";
const FORBIDDEN = "Only administrators can export attendees.";

// The table's sortable columns (its sort keys, as the list API takes them) and their SQL.
const SORTS = {
  full_name: "a.[[full_name]]",
  email: "a.[[email]]",
  company: "a.[[company]]",
  job_title: "a.[[job_title]]",
  role: "a.[[role]]",
  registration_status: "a.[[registration_status]]",
  invitation_sent: "a.[[invitation_sent]]",
  created: "a.[[created]]",
  "user.role": "COALESCE(u.[[role]], '')",
};
const DEFAULT_SORT = "-created";
const FILTERS = { name: "full_name", email: "email", company: "company" };
const FILTER_MAX = 200;

/** A cell as RFC 4180 text, with the formula guard. */
function csvCell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** One CSV line, CRLF-terminated. */
function csvLine(values) {
  return `${values.map(csvCell).join(",")}\r\n`;
}

const pad = (number) => String(number).padStart(2, "0");

/** "2025-06-18 02:00:00.000Z" as "YYYY-MM-DD HH:mm" in `timezone`; "" for no date. */
function formatRegistrationDate(value, timezone) {
  if (!value) return "";
  const format = require(`${__hooks}/lib/event-format.js`);
  const date = format.parseUtc(value);
  const offset = format.zoneOffset(timezone || "UTC", date);
  const local = new Date(date.getTime() + offset.minutes * 60 * 1000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** A row (as read by attendeePage) as the 12 cells. */
function attendeeCells(row) {
  return [
    row.full_name,
    row.email,
    row.company,
    row.job_title,
    row.role,
    row.phone_number,
    row.dietary_requirements,
    Number(row.marketing_consent) ? "Yes" : "No",
    row.user_role,
    formatRegistrationDate(row.created, row.timezone),
    row.utm_source,
    row.utm_medium,
  ];
}

/** "Attendees-YYYY-MM-DD.csv" with today's date in the event's time zone. */
function fileName(now, timezone) {
  return `attendees-${formatRegistrationDate(now.toISOString(), timezone).slice(0, 10)}.csv`;
}

/** The `~` operand as PocketBase's list filter reads it: contains, unless the text has its own %. */
function likeOperand(text) {
  return text.includes("%") ? text : `%${text}%`;
}

/**
 * The request's filters and order, checked. Unknown sort keys fall back to the default.
 * @param {(name: string) => string} param
 */
function readQuery(param) {
  const filters = {};
  for (const name of Object.keys(FILTERS)) {
    const value = String(param(name) || "").trim().slice(0, FILTER_MAX);
    if (value) filters[name] = value;
  }
  let sort = String(param("sort") || DEFAULT_SORT).trim();
  if (!SORTS[sort.replace(/^-/, "")]) sort = DEFAULT_SORT;
  return { filters, sortKey: sort.replace(/^-/, ""), descending: sort.startsWith("-") };
}

/**
 * One page of rows after `after` ({value, id} of the last row written, or null).
 * @param {core.App} app
 */
function attendeePage(app, query, after) {
  const sortSql = SORTS[query.sortKey];
  const direction = query.descending ? "DESC" : "ASC";
  const comparison = query.descending ? "<" : ">";
  const where = [];
  const params = {};
  for (const [name, field] of Object.entries(FILTERS)) {
    if (!query.filters[name]) continue;
    where.push(`a.[[${field}]] LIKE {:${name}}`);
    params[name] = likeOperand(query.filters[name]);
  }
  if (after) {
    where.push(`(${sortSql} ${comparison} {:afterValue} OR (${sortSql} = {:afterValue} AND a.[[id]] ${comparison} {:afterId}))`);
    params.afterValue = after.value;
    params.afterId = after.id;
  }
  const sql = `SELECT a.[[id]] AS id, a.[[full_name]] AS full_name, a.[[email]] AS email, a.[[company]] AS company,
      a.[[job_title]] AS job_title, a.[[role]] AS role, a.[[phone_number]] AS phone_number,
      a.[[dietary_requirements]] AS dietary_requirements, a.[[marketing_consent]] AS marketing_consent,
      COALESCE(u.[[role]], '') AS user_role, a.[[created]] AS created, a.[[utm_source]] AS utm_source,
      a.[[utm_medium]] AS utm_medium, COALESCE(ev.[[timezone]], '') AS timezone, ${sortSql} AS sort_value
    FROM {{attendees}} a
    LEFT JOIN {{users}} u ON u.[[id]] = a.[[user]]
    LEFT JOIN {{events}} ev ON ev.[[id]] = a.[[event]]
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
    ORDER BY ${sortSql} ${direction}, a.[[id]] ${direction}
    LIMIT ${PAGE_SIZE}`;
  const rows = arrayOf(new DynamicModel({
    id: "", full_name: "", email: "", company: "", job_title: "", role: "", phone_number: "",
    dietary_requirements: "", marketing_consent: 0, user_role: "", created: "", utm_source: "",
    utm_medium: "", timezone: "", sort_value: "",
  }));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows;
}

/**
 * Calls `write` with the header line (after the BOM), then with each page's
 * lines. Returns the number of attendee rows.
 * @param {core.App} app
 */
function writeCsv(app, query, write) {
  write(BOM + csvLine(COLUMNS));
  let after = null;
  let count = 0;
  for (;;) {
    const rows = attendeePage(app, query, after);
    if (rows.length === 0) break;
    let chunk = "";
    for (const row of rows) chunk += csvLine(attendeeCells(row));
    write(chunk);
    count += rows.length;
    if (rows.length < PAGE_SIZE) break;
    const last = rows[rows.length - 1];
    after = { value: last.sort_value, id: last.id };
  }
  return count;
}

/** The featured event's time zone, for the file name's date. */
function eventTimezone(app) {
  try {
    const { EVENT_SLUG } = require(`${__hooks}/lib/constants.js`);
    return app.findFirstRecordByData("events", "slug", EVENT_SLUG).getString("timezone");
  } catch {
    return "Australia/Adelaide";
  }
}

/** GET /api/masterclass/attendees.csv @param {core.RequestEvent} e */
function handleAttendeesCsv(e) {
  const { answerRefusals, refusal } = require(`${__hooks}/lib/errors.js`);
  return answerRefusals(e, () => {
    if (!require(`${__hooks}/lib/admin-auth.js`).isAdministrator(e)) throw refusal(403, "auth", "forbidden", FORBIDDEN);
    const url = e.request.url.query();
    const query = readQuery((name) => url.get(name));
    const header = e.response.header();
    header.set("Content-Type", "text/csv; charset=utf-8");
    header.set("Content-Disposition", `attachment; filename="${fileName(new Date(), eventTimezone(e.app))}"`);
    header.set("Cache-Control", "no-store");
    header.set("X-Content-Type-Options", "nosniff");
    e.response.writeHeader(200);
    writeCsv(e.app, query, (text) => {
      e.response.write(text);
      e.flush();
    });
    return null;
  });
}

module.exports = {
  COLUMNS, PAGE_SIZE, csvCell, csvLine, formatRegistrationDate, fileName, readQuery, writeCsv, handleAttendeesCsv,
};
