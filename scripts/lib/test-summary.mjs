// `npm test`'s closing count, `N passed, N failed, N skipped`, from the runners' JSON
// reports (scripts/test.mjs). A failure outside a test counts too: a vitest file whose
// beforeAll, afterAll or import failed while none of its tests failed, a failed global
// setup, a Playwright error outside any test (global setup, a file that did not load),
// a journey interrupted mid-run, a runner that exited non-zero yet reported nothing
// failed, or one that wrote no report at all. Each counts one failed and is named.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line no-control-regex -- the runners colour their messages
const stripAnsi = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text) => stripAnsi(text).trim().split('\n')[0].slice(0, 300);
const relative = (file, root) => (file && root ? path.relative(root, file) : file ?? '?');

/** Counts from vitest's JSON report (`--reporter=json`). */
export function vitestCounts(report, { root } = {}) {
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    problems: [],
  };
  for (const file of report.testResults ?? []) {
    // A file is failed when a test in it failed, or a hook or its own import did: its tests are
    // then skipped (a failed beforeAll) or passed (a failed afterAll), and only the file says so.
    if (file.status !== 'failed') continue;
    if ((file.assertionResults ?? []).some((test) => test.status === 'failed')) continue;
    counts.failed += 1;
    counts.problems.push(`${relative(file.name, root)}: ${firstLine(file.message) || 'a hook failed (no test in the file failed)'}`);
  }
  if (report.success === false && counts.failed === 0) {
    counts.failed += 1;
    counts.problems.push('vitest reported the run failed outside any test file (e.g. its global setup)');
  }
  return counts;
}

const STOPPED_EARLY = /^Testing stopped early/;

/** Counts from Playwright's JSON report (the `json` reporter). */
export function playwrightCounts(report, { root } = {}) {
  const stats = report.stats ?? {};
  const counts = {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    problems: [],
  };
  // A journey stopped mid-run (the run was interrupted, or stopped at its failure limit) is
  // reported as skipped; it did not pass.
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (last?.status !== 'interrupted') continue;
        counts.failed += 1;
        counts.skipped = Math.max(0, counts.skipped - 1);
        // spec.file is already relative to the test folder
        counts.problems.push(`${spec.file ?? suite.file} › ${[...titles, spec.title].join(' › ')}: interrupted`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // Errors outside any test: a global setup or teardown that threw, a test file that did not load.
  // "Testing stopped early after N maximum allowed failures" only follows failures already counted.
  for (const error of report.errors ?? []) {
    const message = firstLine(error.message);
    if (STOPPED_EARLY.test(message)) continue;
    counts.failed += 1;
    counts.problems.push(`${error.location?.file ? `${relative(error.location.file, root)}: ` : ''}${message || 'an error outside any test'}`);
  }
  return counts;
}

const COUNTERS = { vitest: vitestCounts, playwright: playwrightCounts };

/**
 * One step's counts. `runner` is 'vitest', 'playwright' or undefined (a step without tests: typecheck,
 * lint, a build); `reportFile` its JSON report; `exitCode` how it ended (null when ended by a signal);
 * `stopped` when npm test itself stopped it after another step failed (it then counts nothing of its own).
 * A step that failed with no failure in its report (a crashed runner, a report never written, a
 * lint error) counts one failed.
 * @param {{ name: string, runner?: 'vitest' | 'playwright', reportFile?: string, exitCode: number | null, signal?: string | null, stopped?: boolean, root?: string }} step
 */
export function stepCounts({ name, runner, reportFile, exitCode, signal = null, stopped = false, root }) {
  let counts = { passed: 0, failed: 0, skipped: 0, problems: [] };
  let reportMissing = false;
  if (runner) {
    try {
      counts = COUNTERS[runner](JSON.parse(readFileSync(reportFile, 'utf8')), { root });
    } catch {
      reportMissing = true;
    }
  }
  if (stopped) return counts;
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1;
    const how = signal ? `was ended by ${signal}` : `exited with status ${exitCode}`;
    counts.problems.push(
      reportMissing
        ? `${name} ${how} without writing its report`
        : runner
          ? `${name} ${how} although its report shows no failed test (see its output above)`
          : `${name} ${how}`,
    );
  }
  return counts;
}

/** Adds step counts into one total. */
export function addCounts(total, counts) {
  for (const key of ['passed', 'failed', 'skipped']) total[key] += counts[key];
  total.problems.push(...counts.problems);
  return total;
}

/** The closing line. */
export const summaryLine = ({ passed, failed, skipped }) => `${passed} passed, ${failed} failed, ${skipped} skipped`;
