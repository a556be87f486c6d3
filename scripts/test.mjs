// `npm test`: typecheck, lint, unit tests, server tests and browser tests, then
// one closing count line. Steps that do not depend on each other run side by
// side (2 cores): typecheck, lint, unit tests, the server tests and the app
// build start together, and the browser tests start as soon as the build is
// done. The server and browser tests spend much of their time waiting (on a
// job's next tick, a sign-in's back-off, a service worker, a page's answer), so
// beside the other steps they cost little. The first failure stops everything
// still running. Each step's output is printed whole when it ends, with its time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules } from './lib/install.mjs';
import { ensureServerBinary } from './lib/build-server.mjs';
import { root } from './lib/paths.mjs';

ensureNodeModules();
ensureServerBinary();
// The journeys drive Debian's chromium-headless-shell (tests/support/browser.ts), else its chromium.
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));
if (!chromium || !existsSync(chromium)) {
  console.error(`Browser tests need Chromium: install Debian's package (apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`);
  process.exit(1);
}
// The HTML validity journey runs the W3C checker (vnu-jar), a Java program.
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
if (spawnSync(java, ['-version'], { stdio: 'ignore' }).status !== 0) {
  console.error("Browser tests need a Java runtime (11 or later) for the HTML validator: install Debian's package (apt-get install default-jre-headless) or set JAVA_HOME.");
  process.exit(1);
}

// Tax invoices and the business case's downloads are read back with poppler's pdftotext and unzip.
for (const [tool, pkg] of [['pdftotext', 'poppler-utils'], ['unzip', 'unzip']]) {
  if (spawnSync(tool, ['-v'], { stdio: 'ignore' }).error) {
    console.error(`The tests read PDF and Word files back with ${tool}: install Debian's package (apt-get install ${pkg}).`);
    process.exit(1);
  }
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'masterclass-test-'));
const vitestReport = (project) => path.join(reports, `${project}.json`);
const playwrightReport = path.join(reports, 'e2e.json');

const e2eDist = mkdtempSync(path.join(os.tmpdir(), 'masterclass-e2e-dist-'));
// The unit step runs both unit projects (vitest.config.ts: most files share a module cache, those that change globals run isolated).
const vitestProjects = { unit: ['unit', 'unit-isolated'], server: ['server', 'server-isolated'] };
const vitestStep = (project) => ({
  name: `${project} tests`,
  command: ['exec', '--', 'vitest', 'run', ...vitestProjects[project].flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(project)}`],
  counts: () => {
    const report = JSON.parse(readFileSync(vitestReport(project), 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  },
});

/**
 * The steps and what each waits for. Server tests need no build, so they start
 * at once beside typecheck, lint, unit tests and the app build; the browser
 * tests start as soon as the build is done. Any failure stops what is still
 * running (the first failure is the one reported).
 */
const steps = [
  { name: 'app build for the browser tests', command: ['run', 'build', '--', '--outDir', e2eDist, '--emptyOutDir'] },
  // The release test (tests/server/release.test.ts) packs this same build once it is ready.
  { ...vitestStep('server'), env: { RELEASE_APP_DIR: e2eDist } },
  { name: 'typecheck', command: ['run', 'typecheck'], background: true },
  { name: 'lint', command: ['run', 'lint'], background: true },
  { ...vitestStep('unit'), background: true },
  {
    name: 'browser tests',
    after: 'app build for the browser tests',
    command: ['exec', '--', 'playwright', 'test', `--reporter=${process.env.CI ? 'line' : 'list'},json`],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_DIST_DIR: e2eDist },
    counts: () => {
      const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
    },
  },
];

const niceAvailable = spawnSync('nice', ['true']).status === 0;
const children = new Set();
const suiteStarted = Date.now();

/** Runs one step; its output is printed whole when it ends. */
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so a stop ends the step's servers and browsers too.
    // Typecheck, lint and unit tests are short and wait on nothing; run at a lower
    // priority (nice), they take the cores only when the build, the server and
    // the browsers leave them idle, so the long browser journeys start sooner.
    const [program, ...args] = [...(step.background && niceAvailable ? ['nice', '-n', '10'] : []), 'npm', '--silent', ...step.command];
    const child = spawn(program, args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      children.delete(child);
      console.log(`\n▶ ${step.name}`);
      process.stdout.write(Buffer.concat(output));
      resolve({ step, ok: code === 0, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const stopAll = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const total = { passed: 0, failed: 0, skipped: 0 };
let failedStep = null;
const done = new Map();
function settle({ step, ok, seconds }) {
  // The build is whole: tests waiting for it (the release test) may take it.
  if (ok && step.name === steps[0].name) writeFileSync(`${e2eDist}.ready`, '');
  if (step.counts) {
    try {
      const counts = step.counts();
      for (const key of Object.keys(total)) total[key] += counts[key];
    } catch {
      // the runner died before writing its report; the step's failure says enough
    }
  }
  const at = ((Date.now() - suiteStarted) / 1000).toFixed(0);
  if (ok) console.log(`✔ ${step.name} (${seconds.toFixed(1)} s, done at ${at} s)`);
  else if (!failedStep) {
    failedStep = step.name;
    stopAll();
  }
  return ok;
}
console.log(`▶ ${steps.filter((step) => !step.after).map((step) => step.name).join(' | ')} (side by side; the browser tests follow the build)`);
// Every step's run is registered before any of them is awaited, so a step finds what it follows.
for (const step of steps) {
  done.set(step.name, (async () => {
    if (step.after && (!(await done.get(step.after)) || failedStep)) return false;
    return settle(await run(step));
  })());
}
await Promise.all(done.values());
rmSync(e2eDist, { recursive: true, force: true });
rmSync(`${e2eDist}.ready`, { force: true });

if (failedStep) console.error(`\n✖ ${failedStep} failed`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
