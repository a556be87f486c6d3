// `npm test`: typecheck, lint, unit tests, server tests and browser tests, in
// that order, stopping at the first failure, then one closing count line.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules } from './lib/install.mjs';
import { ensureServerBinary } from './lib/build-server.mjs';
import { root } from './lib/paths.mjs';

ensureNodeModules();
ensureServerBinary();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Browser tests need Chromium at ${chromium}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'masterclass-test-'));
const vitestReport = (project) => path.join(reports, `${project}.json`);
const playwrightReport = path.join(reports, 'e2e.json');

const steps = [
  { name: 'typecheck', command: ['run', 'typecheck'] },
  { name: 'lint', command: ['run', 'lint'] },
  ...['unit', 'server'].map((project) => ({
    name: `${project} tests`,
    command: ['exec', '--', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(project)}`],
    counts: () => {
      const report = JSON.parse(readFileSync(vitestReport(project), 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    },
  })),
  {
    name: 'browser tests',
    command: ['exec', '--', 'playwright', 'test', `--reporter=${process.env.CI ? 'line' : 'list'},json`],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    counts: () => {
      const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

const total = { passed: 0, failed: 0, skipped: 0 };
let failedStep = null;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  try {
    execFileSync('npm', ['--silent', ...step.command], { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  } catch {
    failedStep = step.name;
  }
  if (step.counts) {
    try {
      const counts = step.counts();
      for (const key of Object.keys(total)) total[key] += counts[key];
    } catch {
      // the runner died before writing its report; the step's failure says enough
    }
  }
  if (failedStep) break;
  console.log(`✔ ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (failedStep) console.error(`\n✖ ${failedStep} failed`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
