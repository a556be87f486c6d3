// npm test's closing count (scripts/lib/test-summary.mjs) on real reports: vitest and
// Playwright are run on throwaway test files that fail outside any test (a beforeAll, an
// afterAll, a global setup, a rejection after the tests, a journey interrupted when the run
// stops at its failure limit) and their JSON reports counted. Each such failure must count
// at least one failed; the counts npm test took before (vitest's numFailedTests, Playwright's
// stats.unexpected) said 0 for most of them.
//
// Cost: three vitest and two Playwright runs on a handful of empty tests (no browser), about
// 10 CPU-seconds in all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/lib/paths.mjs';
import { stepCounts, summaryLine } from '../../scripts/lib/test-summary.mjs';

const RUN_TIMEOUT_MS = 240_000;
let fixtures: string;

beforeAll(() => {
  fixtures = mkdtempSync(path.join(os.tmpdir(), 'masterclass-summary-'));
  // The throwaway files import vitest and @playwright/test from the project's packages.
  symlinkSync(path.join(root, 'node_modules'), path.join(fixtures, 'node_modules'));
});

afterAll(() => {
  rmSync(fixtures, { recursive: true, force: true });
});

/** Writes a fixture folder's files. */
function fixture(name: string, files: Record<string, string>): string {
  const dir = path.join(fixtures, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** The environment of a runner started from inside this one: none of this run's own settings. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|PLAYWRIGHT|PW_|TEST$|NODE_ENV$|MIGRATED_TEMPLATES$)/.test(name)));
}

/** Runs a test runner to its end; resolves to its exit code and output. */
function runNode(args: string[], cwd: string): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env: cleanEnv(), timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ exitCode: code, output: `${stdout}${stderr}` });
    });
  });
}

async function runVitest(dir: string) {
  const reportFile = path.join(dir, 'report.json');
  const { exitCode, output } = await runNode([path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--config', path.join(dir, 'vitest.config.mjs'), '--reporter=json', `--outputFile.json=${reportFile}`], dir);
  return { exitCode, output, reportFile, report: JSON.parse(readFileSync(reportFile, 'utf8')) };
}

async function runPlaywright(dir: string) {
  const reportFile = path.join(dir, 'report.json');
  const { exitCode, output } = await runNode([path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', path.join(dir, 'playwright.config.mjs')], dir);
  return { exitCode, output, reportFile, report: JSON.parse(readFileSync(reportFile, 'utf8')) };
}

const VITEST_CONFIG = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['*.test.mjs'] } });\n";

describe('vitest reports', () => {
  it('counts a file whose beforeAll or afterAll failed as failed, beside the tests that failed themselves', async () => {
    const dir = fixture('vitest-hooks', {
      'vitest.config.mjs': VITEST_CONFIG,
      'before.test.mjs': "import { beforeAll, it } from 'vitest';\nbeforeAll(() => { throw new Error('stripe-mock did not start'); });\nit('first', () => {});\nit('second', () => {});\n",
      'after.test.mjs': "import { afterAll, describe, it } from 'vitest';\ndescribe('suite', () => {\n  afterAll(() => { throw new Error('the server did not stop'); });\n  it('passes', () => {});\n});\n",
      'plain.test.mjs': "import { expect, it } from 'vitest';\nit('passes', () => {});\nit.skip('is skipped', () => {});\nit('fails', () => { expect(1).toBe(2); });\n",
    });
    const { exitCode, report, reportFile } = await runVitest(dir);
    expect(exitCode).not.toBe(0);
    // What the count took before: only the test that failed itself.
    expect(report.numFailedTests).toBe(1);

    const counts = stepCounts({ name: 'server tests', runner: 'vitest', reportFile, exitCode, root: dir });
    // passed: plain's and after's; failed: plain's test, before.test.mjs, after.test.mjs; skipped: plain's and before's two.
    expect(summaryLine(counts)).toBe('2 passed, 3 failed, 3 skipped');
    expect(counts.problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^before\.test\.mjs: .*stripe-mock did not start/),
      expect.stringMatching(/^after\.test\.mjs: /),
    ]));
    expect(counts.problems).toHaveLength(2);
  }, RUN_TIMEOUT_MS);

  it('counts a failed global setup, which runs no test, as failed', async () => {
    const dir = fixture('vitest-global-setup', {
      'vitest.config.mjs': "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { include: ['*.test.mjs'], globalSetup: './setup.mjs' } });\n",
      'setup.mjs': "export default function setup() { throw new Error('no PocketBase binary'); }\n",
      'a.test.mjs': "import { it } from 'vitest';\nit('never runs', () => {});\n",
    });
    const { exitCode, report, reportFile } = await runVitest(dir);
    expect(exitCode).not.toBe(0);
    expect(report.numFailedTests).toBe(0);
    const counts = stepCounts({ name: 'server tests', runner: 'vitest', reportFile, exitCode, root: dir });
    expect(summaryLine(counts)).toBe('0 passed, 1 failed, 0 skipped');
    expect(counts.problems).toHaveLength(1);
  }, RUN_TIMEOUT_MS);

  it('counts a run that exits non-zero with every test passed (an error after the tests) as failed', async () => {
    const dir = fixture('vitest-crash', {
      'vitest.config.mjs': VITEST_CONFIG,
      'late.test.mjs': "import { it } from 'vitest';\nit('passes, then leaves a rejection behind', () => { setTimeout(() => { Promise.reject(new Error('late')); }, 1); });\nit('waits', async () => { await new Promise((resolve) => setTimeout(resolve, 100)); });\n",
    });
    const { exitCode, report, reportFile } = await runVitest(dir);
    expect(exitCode).not.toBe(0);
    expect([report.numFailedTests, report.numPassedTests]).toEqual([0, 2]);
    const counts = stepCounts({ name: 'unit tests', runner: 'vitest', reportFile, exitCode, root: dir });
    expect(summaryLine(counts)).toBe('2 passed, 1 failed, 0 skipped');
    expect(counts.problems).toEqual([expect.stringContaining('unit tests exited with status 1 although its report shows no failed test')]);
  }, RUN_TIMEOUT_MS);
});

describe('Playwright reports', () => {
  it('counts a failed global setup, which runs no journey, as failed', async () => {
    const dir = fixture('playwright-global-setup', {
      'playwright.config.mjs': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', globalSetup: './setup.mjs', retries: 0, reporter: [['json', { outputFile: 'report.json' }]] });\n",
      'setup.mjs': "export default async function setup() { throw new Error('the app build is missing'); }\n",
      'a.spec.mjs': "import { test } from '@playwright/test';\ntest('never runs', () => {});\n",
    });
    const { exitCode, report, reportFile } = await runPlaywright(dir);
    expect(exitCode).not.toBe(0);
    expect(report.stats.unexpected).toBe(0);
    const counts = stepCounts({ name: 'browser tests', runner: 'playwright', reportFile, exitCode, root: dir });
    expect(summaryLine(counts)).toBe('0 passed, 1 failed, 0 skipped');
    expect(counts.problems).toEqual([expect.stringMatching(/^setup\.mjs: Error: the app build is missing/)]);
  }, RUN_TIMEOUT_MS);

  it('counts a failed beforeAll and a journey interrupted when the run stops at its failure limit as failed', async () => {
    const started = path.join(fixtures, 'slow-journey-started');
    const dir = fixture('playwright-hooks', {
      // Two workers, stop at the second failure: the slow journey is running by then (the second
      // failing journey waits for it to start), and is interrupted.
      'playwright.config.mjs': "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', workers: 2, maxFailures: 2, retries: 0, timeout: 120_000, reporter: [['json', { outputFile: 'report.json' }]] });\n",
      'hooks.spec.mjs': [
        "import { test } from '@playwright/test';",
        "test.describe('checkout', () => {",
        "  test.beforeAll(() => { throw new Error('the server did not start'); });",
        "  test('pays', () => {});",
        "  test('refunds', () => {});",
        '});',
        '',
      ].join('\n'),
      'slow.spec.mjs': [
        "import { test, expect } from '@playwright/test';",
        "import { existsSync, writeFileSync } from 'node:fs';",
        `const started = ${JSON.stringify(started)};`,
        "test.describe.configure({ mode: 'parallel' });",
        "test('slow journey', async () => { writeFileSync(started, ''); await new Promise((resolve) => setTimeout(resolve, 100_000)); });",
        "test('fails once the slow journey runs', async () => {",
        '  while (!existsSync(started)) await new Promise((resolve) => setTimeout(resolve, 50));',
        '  expect(1).toBe(2);',
        '});',
        '',
      ].join('\n'),
    });
    const { exitCode, report, reportFile, output } = await runPlaywright(dir);
    expect(exitCode, output).not.toBe(0);
    // What the count took before: the two failed journeys; the interrupted one was "skipped".
    expect(report.stats.unexpected).toBe(2);
    const counts = stepCounts({ name: 'browser tests', runner: 'playwright', reportFile, exitCode, root: dir });
    // failed: 'pays' (its beforeAll), 'fails once…', and the interrupted slow journey; skipped: 'refunds'.
    expect(summaryLine(counts)).toBe('0 passed, 3 failed, 1 skipped');
    expect(counts.problems).toEqual([expect.stringMatching(/^slow\.spec\.mjs › slow journey: interrupted$/)]);
  }, RUN_TIMEOUT_MS);
});

describe('a step whose runner left no report', () => {
  it('counts one failed, and nothing for a step npm test stopped itself', () => {
    const missing = path.join(fixtures, 'no-report.json');
    expect(summaryLine(stepCounts({ name: 'browser tests', runner: 'playwright', reportFile: missing, exitCode: 1 }))).toBe('0 passed, 1 failed, 0 skipped');
    expect(stepCounts({ name: 'lint', exitCode: 1 }).problems).toEqual(['lint exited with status 1']);
    expect(summaryLine(stepCounts({ name: 'unit tests', runner: 'vitest', reportFile: missing, exitCode: 1, signal: 'SIGTERM', stopped: true }))).toBe('0 passed, 0 failed, 0 skipped');
  });
});
