// GET /api/masterclass/attendees.csv against a real PocketBase: administrators
// only; the spec's 12 columns in order, then the table's status, check-in,
// amount paid and refund; RFC 4180 quoting with doubled quotes;
// the formula guard (a leading =, +, -, @, tab or CR gets an apostrophe);
// UTF-8 with a byte order mark; Yes/No; registration dates in the event's time
// zone; the table's filters and order honoured; the header line alone when
// nothing matches; 10,000 rows in one file, each exactly once.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { createUser, serverForFile, unique, type TestUser } from './helpers';
import { COMBINING_DIAERESIS, LONG_ASTRAL_NAME, UNICODE_PEOPLE } from '../support/unicode-names';
import { CSV_READER, readAllWithPython } from '../support/python-readers';

const HEADER = [
  'Name', 'Email', 'Company', 'Job Title', 'Role', 'Phone Number', 'Dietary Requirements',
  'Marketing Consent', 'User Role', 'Registration Date', 'UTM Source', 'UTM Medium',
  'Status', 'Checked In', 'Amount Paid', 'Refund',
];
// More than three pages of the export's keyset reads (PAGE_SIZE 500), the last one partial, with rows made
// in the same instant (ties broken by id); bench/admin-attendees.mjs times the export of 10,000.
const BULK_ROWS = 1_750;

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;
let eventId: string;
let registrationId: string;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
  const event = await masterclassEvent(su);
  eventId = event.id;
  const registration = await su.collection('registrations').create({
    event: event.id, kind: 'promo', status: 'completed', primary_email: 'csv@example.com', currency: 'AUD', total_amount_cents: 0,
  });
  registrationId = registration.id;
});

function createAttendee(fields: Record<string, unknown>): Promise<RecordModel> {
  return su.collection('attendees').create({
    registration: registrationId,
    event: eventId,
    full_name: 'Plain Person',
    email: `${unique('csv-')}@example.com`,
    registration_status: 'confirmed',
    privacy_consent: true,
    ...fields,
  });
}

interface CsvAnswer {
  status: number;
  bytes: Buffer;
  text: string;
  headers: Headers;
}

async function exportCsv(params: Record<string, string> = {}, token?: string): Promise<CsvAnswer> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${server.url}/api/masterclass/attendees.csv${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: token } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  // Decoded without dropping the byte order mark, so the test can see it.
  return { status: response.status, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), headers: response.headers };
}

const adminExport = (params: Record<string, string> = {}) => exportCsv(params, admin.client.authStore.token);

/** An RFC 4180 reader, strict about what it accepts: quoted cells, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        index += 1;
        if (![',', '\r', undefined].includes(text[index])) throw new Error(`Text after a closing quote at ${index}`);
        continue;
      }
      cell += char;
      index += 1;
      continue;
    }
    if (char === '"') {
      if (cell !== '') throw new Error(`A quote inside an unquoted cell at ${index}`);
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`A bare line break outside quotes at ${index}`);
    } else {
      cell += char;
    }
    index += 1;
  }
  if (quoted) throw new Error('An unterminated quoted cell');
  if (cell !== '' || row.length > 0) throw new Error('The last line does not end with CRLF');
  return rows;
}

/** The body without its byte order mark, parsed. */
const rowsOf = (answer: CsvAnswer) => parseCsv(answer.text.replace(/^\uFEFF/, ''));

/** A PocketBase date as YYYY-MM-DD HH:mm in Adelaide, by Node's own time zone data. */
function adelaide(value: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Adelaide', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(value.replace(' ', 'T'))).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('who may export', () => {
  it('refuses guests (401) and attendees (403), and lets administrators and superusers download', async () => {
    await createAttendee({ full_name: 'Visible To Admins', company: unique('who-') });
    const guest = await exportCsv();
    expect(guest.status).toBe(401);
    expect(guest.text).not.toContain('Visible To Admins');

    const attendee = await exportCsv({}, attendeeUser.client.authStore.token);
    expect(attendee.status).toBe(403);
    expect(JSON.parse(attendee.text)).toMatchObject({ status: 403, message: 'Only administrators can export attendees.' });
    expect(attendee.text).not.toContain('Visible To Admins');

    expect((await adminExport()).status).toBe(200);
    expect((await exportCsv({}, su.authStore.token)).status).toBe(200);
  });
});

describe('the file', () => {
  it('is UTF-8 with a byte order mark, a file name with the masterclass\'s date and today\'s, and the 12 columns in order', async () => {
    const answer = await adminExport({ q: unique('nothing-matches-') });
    expect(answer.status).toBe(200);
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // The seeded masterclass (the featured one) starts on 18 June 2025 in Adelaide.
    const today = adelaide(new Date().toISOString()).slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="attendees-masterclass-2025-06-18-exported-${today}.csv"`);
    // No rows: the header line alone.
    expect(answer.text).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });

  it('quotes commas, quotes and line breaks, guards formulas, keeps non-ASCII text, and writes Yes/No and Adelaide dates', async () => {
    const company = unique('Tricky, "Quoted" Co ');
    const tricky = [
      { full_name: 'Zoë Ångström-Łukasz 李雷', job_title: 'Head of "AI", Research', dietary_requirements: 'No nuts,\nno dairy\r\nplease', marketing_consent: true },
      { full_name: '=HYPERLINK("http://evil.example","click")', job_title: '+SUM(A1:A2)', dietary_requirements: '-2+3', marketing_consent: false },
      { full_name: '@cmd formula', job_title: '\tTabbed title', dietary_requirements: '\rstarts with CR', phone_number: '+61 400 000 000' },
    ];
    const created: RecordModel[] = [];
    for (const fields of tricky) created.push(await createAttendee({ company, ...fields }));

    const answer = await adminExport({ q: company });
    const rows = rowsOf(answer);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(4);
    // Newest first: the last created comes first.
    const [guarded, formula, unicode] = rows.slice(1);
    expect(unicode).toEqual([
      'Zoë Ångström-Łukasz 李雷', created[0].email, company, 'Head of "AI", Research', '', '', 'No nuts,\nno dairy\r\nplease',
      'Yes', '', adelaide(created[0].created), '', '',
      'Confirmed', '', '0.00', '',
    ]);
    expect(formula.slice(0, 4)).toEqual([`'=HYPERLINK("http://evil.example","click")`, created[1].email, company, "'+SUM(A1:A2)"]);
    expect(formula[6]).toBe("'-2+3");
    expect(formula[7]).toBe('No');
    expect(guarded[0]).toBe("'@cmd formula");
    expect(guarded[3]).toBe("'\tTabbed title");
    expect(guarded[5]).toBe("'+61 400 000 000");
    expect(guarded[6]).toBe("'\rstarts with CR");

    // The raw text: quotes doubled inside quoted cells, untouched cells unquoted.
    expect(answer.text).toContain(`"Tricky, ""Quoted"" Co `);
    expect(answer.text).toContain('"Head of ""AI"", Research"');
    expect(answer.text).toContain(`Zoë Ångström-Łukasz 李雷,${created[0].email},`);
    expect(answer.text).toContain('"No nuts,\nno dairy\r\nplease"');
    expect(answer.bytes.includes(Buffer.from('Zoë', 'utf8'))).toBe(true);
  });

  it('names the account role of an attendee who has an account', async () => {
    const company = unique('roles-');
    const administrator = await createUser(server, su, 'administrator');
    const withAccount = await createAttendee({ company, full_name: 'Has Account', user: administrator.id });
    await createAttendee({ company, full_name: 'No Account' });
    const rows = rowsOf(await adminExport({ q: company, sort: 'full_name' }));
    expect(rows.slice(1).map((row) => [row[0], row[8]])).toEqual([['Has Account', 'administrator'], ['No Account', '']]);
    expect(rows[1][1]).toBe(withAccount.email);
  });
});

describe('search, status and order', () => {
  it('honours the search (every word in name, email or company, any case) and the sort', async () => {
    const company = unique('Filter Co ');
    const tag = unique('tag');
    await createAttendee({ company, full_name: 'Alice Walker', email: `${tag}-alice@example.com` });
    await createAttendee({ company, full_name: 'Bob Alison', email: `${tag}-bob@example.org` });
    await createAttendee({ company, full_name: 'Carol Jones', email: `${tag}-carol@example.com` });
    await createAttendee({ company: unique('Other '), full_name: 'Alice Elsewhere', email: `${tag}-else@example.com` });

    const names = async (params: Record<string, string>) => rowsOf(await adminExport(params)).slice(1).map((row) => row[0]);
    expect(await names({ q: company.toUpperCase() })).toEqual(['Carol Jones', 'Bob Alison', 'Alice Walker']);
    expect(await names({ q: `${company} ALI` })).toEqual(['Bob Alison', 'Alice Walker']);
    expect(await names({ q: `${company} ali .com` })).toEqual(['Alice Walker']);
    expect(await names({ q: tag, sort: 'full_name' })).toEqual(['Alice Elsewhere', 'Alice Walker', 'Bob Alison', 'Carol Jones']);
    expect(await names({ q: tag, sort: '-full_name' })).toEqual(['Carol Jones', 'Bob Alison', 'Alice Walker', 'Alice Elsewhere']);
    // An unknown sort key falls back to newest first instead of failing.
    expect(await names({ q: tag, sort: 'password' })).toEqual(['Alice Elsewhere', 'Carol Jones', 'Bob Alison', 'Alice Walker']);
    expect(await names({ q: `${company} nobody-by-this-name` })).toEqual([]);
  });

  it('holds exactly the rows the table lists for the same search and status chip, and refuses what the table refuses', async () => {
    const company = unique('Chip Csv ');
    for (const [full_name, registration_status] of [['Zoë Adams', 'confirmed'], [`Zoe${COMBINING_DIAERESIS} Brown`, 'waitlisted'], ['ZOE CARTER', 'cancelled'],
      ['زَيْنَب الحَسَيْنِي', 'confirmed'], ['Under_Score', 'confirmed_observer'], ['UnderXScore', 'confirmed']]) {
      await createAttendee({ company, full_name, registration_status });
    }
    const names = async (params: Record<string, string>) => rowsOf(await adminExport(params)).slice(1).map((row) => row[0]).sort();
    const table = async (params: Record<string, string>) => {
      const response = await fetch(`${server.url}/api/masterclass/attendees?${new URLSearchParams({ perPage: '100', ...params })}`, {
        headers: { Authorization: admin.client.authStore.token },
      });
      return ((await response.json()) as { items: { full_name: string }[] }).items.map((item) => item.full_name).sort();
    };
    const zoes = ['Zoë Adams', `Zoe${COMBINING_DIAERESIS} Brown`, 'ZOE CARTER'].sort();
    expect(await names({ q: `${company} zoe` })).toEqual(zoes);
    expect(await names({ q: `${company} ZOË`, status: 'waitlisted' })).toEqual([`Zoe${COMBINING_DIAERESIS} Brown`]);
    expect(await names({ q: `${company} زينب` })).toEqual(['زَيْنَب الحَسَيْنِي']);
    expect(await names({ q: `${company} r_s` })).toEqual(['Under_Score']);
    expect(await names({ q: company, status: 'confirmed' })).toEqual(['UnderXScore', 'Zoë Adams', 'زَيْنَب الحَسَيْنِي'].sort());
    for (const word of ['zoe', 'ZOË', 'زينب', 'r_s', '_', 'Score', '']) {
      for (const status of ['', 'confirmed', 'waitlisted', 'cancelled', 'observer', 'transferred', 'checked_in', 'refunded']) {
        const params = { q: `${company} ${word}`.trim(), ...(status ? { status } : {}) };
        expect(await names(params), JSON.stringify(params)).toEqual(await table(params));
      }
    }
    // What the table refuses, the export refuses, with the same reason and no file.
    for (const params of [{ status: 'vip' }, { q: 'x'.repeat(201) }, { name: 'zoe' }] as Record<string, string>[]) {
      const response = await fetch(`${server.url}/api/masterclass/attendees.csv?${new URLSearchParams(params)}`, { headers: { Authorization: admin.client.authStore.token } });
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(((await response.json()) as { message: string }).message).toMatch(/^(Unknown status|A search may be at most 200|Search with q)/);
    }
  });
});

describe('names in any script', () => {
  it("are written exactly and read back exactly by Python's csv module (strict), after its byte order mark", async () => {
    const company = unique('Unicode Csv ');
    const people = [...UNICODE_PEOPLE, { label: 'long', fullName: LONG_ASTRAL_NAME, company: '=𠮷 formula', jobTitle: 'Head, "quoted"' }];
    for (const entry of people) {
      await createAttendee({ company: `${company}${entry.company}`, full_name: entry.fullName, job_title: entry.jobTitle, dietary_requirements: `${entry.fullName}\n${entry.company}` });
    }
    const answer = await adminExport({ q: company });
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [rows] = await readAllWithPython<string[][]>(CSV_READER, [answer.bytes]);
    expect(rows[0]).toEqual(HEADER);
    const byName = (a: string[], b: string[]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[6]]).sort(byName)).toEqual(people.map((entry) => [
      entry.fullName,
      `${company}${entry.company}`,
      entry.jobTitle,
      `${entry.fullName}\n${entry.company}`,
    ]).sort(byName));
    // and the same as the strict reader here reads it
    expect(rowsOf(answer)).toEqual(rows);
  });
});

describe('more attendees than three pages of reads', () => {
  it('are all in one file, each once, newest first', { timeout: 180_000 }, async () => {
    await su.send('/api/settings', { method: 'PATCH', body: { batch: { enabled: true, maxRequests: 500, timeout: 60, maxBodySize: 0 } } });
    const company = unique('Bulk ');
    const emails = new Set<string>();
    for (let start = 0; start < BULK_ROWS; start += 500) {
      const batch = su.createBatch();
      for (let index = start; index < Math.min(start + 500, BULK_ROWS); index += 1) {
        const email = `bulk-${index}-${unique()}@example.com`;
        emails.add(email);
        batch.collection('attendees').create({
          registration: registrationId, event: eventId, full_name: `Bulk Person ${index}`, email, company,
          registration_status: 'confirmed', marketing_consent: index % 2 === 0, utm_source: index % 3 === 0 ? '=cmd' : 'newsletter',
        });
      }
      await batch.send();
    }

    const started = performance.now();
    const answer = await adminExport({ q: company });
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(200);
    const rows = rowsOf(answer).slice(1);
    expect(rows).toHaveLength(BULK_ROWS);
    expect(new Set(rows.map((row) => row[1]))).toEqual(emails);
    expect(rows.every((row) => row.length === HEADER.length)).toBe(true);
    // Newest first: registration dates never increase down the file.
    const dates = rows.map((row) => row[9]);
    expect(dates.every((date, index) => index === 0 || date <= dates[index - 1])).toBe(true);
    expect(rows.filter((row) => row[7] === 'Yes')).toHaveLength(BULK_ROWS / 2);
    expect(rows.filter((row) => row[10] === "'=cmd")).toHaveLength(Math.ceil(BULK_ROWS / 3));
    // Not a timing test, but a whole minute would mean the paging is broken.
    expect(elapsed).toBeLessThan(60_000);

    // Pages in another order: by name (one value each), and by a column every row shares (ties broken by id).
    const byName = rowsOf(await adminExport({ q: company, sort: 'full_name' })).slice(1);
    expect(new Set(byName.map((row) => row[1]))).toEqual(emails);
    expect(byName.map((row) => row[0])).toEqual(byName.map((row) => row[0]).sort());
    const tied = rowsOf(await adminExport({ q: company, sort: '-invitation_sent' })).slice(1);
    expect(tied).toHaveLength(BULK_ROWS);
    expect(new Set(tied.map((row) => row[1]))).toEqual(emails);
  });
});
