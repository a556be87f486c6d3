// `npm test`: typecheck, lint, unit tests, server tests and browser tests, then
// one closing count line. First every program the tests need is prepared (built,
// found, checked: scripts/lib/prepare-test-tools.mjs), before any step's or test's
// clock starts; `node scripts/test.mjs --prepare-only` does only that. Steps that
// do not depend on each other run side by side (2 cores): typecheck, lint, unit
// tests, the server tests and the app build start together, and the browser tests
// start as soon as the build is done. The server and browser tests spend much of
// their time waiting (on a job's next tick, a sign-in's back-off, a service worker,
// a page's answer), so beside the other steps they cost little. The first failure
// stops everything still running. Each step's output is printed whole when it ends,
// with its time. The closing count (scripts/lib/test-summary.mjs) counts a failed
// file, hook, global setup or crashed runner as failed too.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNodeModules } from './lib/install.mjs';
import { prepareTestTools } from './lib/prepare-test-tools.mjs';
import { addCounts, stepCounts, summaryLine } from './lib/test-summary.mjs';
import { TOOLS_PREPARED_ENV } from './lib/test-tools.mjs';
import { root } from './lib/paths.mjs';

const prepareOnly = process.argv.includes('--prepare-only');
// `--only lint,unit`: those steps alone (with the build when the browser tests are among them); all by default.
const STEP_IDS = ['build', 'server', 'typecheck', 'lint', 'unit', 'browser'];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',').map((id) => id.trim()) : null;
const unknown = (only ?? []).filter((id) => !STEP_IDS.includes(id));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}: --only takes ${STEP_IDS.join(', ')}`);
  process.exit(2);
}
/** A step still running after this long is stopped and failed: npm test never waits forever. */
const STEP_LIMIT_MS = Number(process.env.TEST_STEP_LIMIT_MINUTES ?? 40) * 60_000;

ensureNodeModules();
const toolFailures = await prepareTestTools();
if (toolFailures.length > 0) {
  console.log(`\n${summaryLine({ passed: 0, failed: toolFailures.length, skipped: 0 })}`);
  process.exit(1);
}
if (prepareOnly) process.exit(0);
// From here a test that finds a tool missing fails instead of building it (scripts/lib/test-tools.mjs).
process.env[TOOLS_PREPARED_ENV] = '1';
// One folder of migrated data-folder templates for the whole run, shared by the server and the
// browser tests (tests/support/pocketbase.ts makes each once, then copies it for every server).
const migratedTemplates = process.env.MIGRATED_TEMPLATES ? null : mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrated-'));
if (migratedTemplates) process.env.MIGRATED_TEMPLATES = migratedTemplates;

const reports = mkdtempSync(path.join(os.tmpdir(), 'masterclass-test-'));
const vitestReport = (project) => path.join(reports, `${project}.json`);
const playwrightReport = path.join(reports, 'e2e.json');

const e2eDist = mkdtempSync(path.join(os.tmpdir(), 'masterclass-e2e-dist-'));
// The unit step runs both unit projects (vitest.config.ts: most files share a module cache, those that change globals run isolated).
const vitestProjects = { unit: ['unit', 'unit-isolated'], server: ['server', 'server-isolated'] };
const vitestStep = (project) => ({
  id: project,
  name: `${project} tests`,
  command: ['exec', '--', 'vitest', 'run', ...vitestProjects[project].flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(project)}`],
  runner: 'vitest',
  reportFile: vitestReport(project),
});

/**
 * The steps and what each waits for. Server tests need no build, so they start
 * at once beside typecheck, lint, unit tests and the app build; the browser
 * tests start as soon as the build is done. Any failure stops what is still
 * running (the first failure is the one reported).
 */
const BUILD = 'app build for the browser tests';
const allSteps = [
  { id: 'build', name: BUILD, command: ['run', 'build', '--', '--outDir', e2eDist, '--emptyOutDir'] },
  // The release test (tests/server/release.test.ts) packs this same build once it is ready.
  { ...vitestStep('server'), env: { RELEASE_APP_DIR: e2eDist } },
  { id: 'typecheck', name: 'typecheck', command: ['run', 'typecheck'], background: true },
  { id: 'lint', name: 'lint', command: ['run', 'lint'], background: true },
  { ...vitestStep('unit'), background: true },
  {
    id: 'browser',
    name: 'browser tests',
    after: BUILD,
    command: ['exec', '--', 'playwright', 'test', `--reporter=${process.env.CI ? 'line' : 'list'},json`],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_DIST_DIR: e2eDist },
    runner: 'playwright',
    reportFile: playwrightReport,
  },
];
const steps = only
  ? allSteps.filter((step) => only.includes(step.id) || allSteps.some((other) => only.includes(other.id) && other.after === step.name))
  : allSteps;

const niceAvailable = spawnSync('nice', ['true']).status === 0;
const children = new Set();
const suiteStarted = Date.now();
/** Steps npm test stopped itself (after another step failed): they count nothing of their own. */
const stoppedByUs = new Set();

const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};

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
    child.step = step;
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    // A step that hangs is stopped, its output so far printed, and counted failed.
    let overran = false;
    const limit = setTimeout(() => {
      overran = true;
      signalGroup(child, 'SIGTERM');
      setTimeout(() => signalGroup(child, 'SIGKILL'), 15_000).unref();
    }, STEP_LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      children.delete(child);
      console.log(`\n▶ ${step.name}`);
      process.stdout.write(Buffer.concat(output));
      if (overran) console.log(`\n✖ ${step.name} was still running after ${STEP_LIMIT_MS / 60_000} minutes and was stopped`);
      resolve({ step, ok: code === 0 && !overran, exitCode: code, signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const stopAll = () => {
  for (const child of children) {
    stoppedByUs.add(child.step.name);
    signalGroup(child, 'SIGTERM');
  }
};
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const total = { passed: 0, failed: 0, skipped: 0, problems: [] };
let failedStep = null;
const done = new Map();
function settle({ step, ok, exitCode, signal, seconds }) {
  // The build is whole: tests waiting for it (the release test) may take it.
  if (ok && step.name === BUILD) writeFileSync(`${e2eDist}.ready`, '');
  const stopped = !ok && stoppedByUs.has(step.name);
  addCounts(total, stepCounts({ name: step.name, runner: step.runner, reportFile: step.reportFile, exitCode: ok ? 0 : exitCode ?? 1, signal, stopped, root }));
  const at = ((Date.now() - suiteStarted) / 1000).toFixed(0);
  if (ok) console.log(`✔ ${step.name} (${seconds.toFixed(1)} s, done at ${at} s)`);
  else if (stopped) console.log(`■ ${step.name} stopped after ${failedStep} failed (${seconds.toFixed(1)} s)`);
  else if (!failedStep) {
    failedStep = step.name;
    stopAll();
  }
  return ok;
}
const first = steps.filter((step) => !step.after).map((step) => step.name);
const notes = [...(first.length > 1 ? ['side by side'] : []), ...(steps.some((step) => step.after) ? ['the browser tests follow the build'] : [])];
console.log(`\n▶ ${first.join(' | ')}${notes.length ? ` (${notes.join('; ')})` : ''}`);
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
if (migratedTemplates) rmSync(migratedTemplates, { recursive: true, force: true });
rmSync(reports, { recursive: true, force: true });

if (failedStep) console.error(`\n✖ ${failedStep} failed`);
// Failures outside any test (a file's or hook's, a global setup's, a crashed runner's), each counted one failed.
if (total.problems.length > 0) console.error(`\nCounted as failed outside the tests' own results:\n${total.problems.map((problem) => `  ✖ ${problem}`).join('\n')}`);
console.log(`\n${summaryLine(total)}`);
process.exit(failedStep || total.failed > 0 ? 1 : 0);
