// `npm test`: typecheck, lint, unit tests, server tests and browser tests,
// stopping at the first failing group, then one closing count line. Steps that
// do not depend on each other run side by side (2 cores): typecheck, lint, unit
// tests and the app build for the browser tests together, then the server
// tests beside the browser tests. Both of those spend much of their time
// waiting (on a job's next tick, a sign-in's back-off, a service worker, a
// page's answer), so on 2 cores they finish together sooner than one after the
// other. Each step's output is printed whole when it ends, with its time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
// The HTML validity journey runs the W3C checker (vnu-jar), a Java program.
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
if (spawnSync(java, ['-version'], { stdio: 'ignore' }).status !== 0) {
  console.error("Browser tests need a Java runtime (11 or later) for the HTML validator: install Debian's package (apt-get install default-jre-headless) or set JAVA_HOME.");
  process.exit(1);
}

const reports = mkdtempSync(path.join(os.tmpdir(), 'masterclass-test-'));
const vitestReport = (project) => path.join(reports, `${project}.json`);
const playwrightReport = path.join(reports, 'e2e.json');

const e2eDist = mkdtempSync(path.join(os.tmpdir(), 'masterclass-e2e-dist-'));
const vitestStep = (project) => ({
  name: `${project} tests`,
  command: ['exec', '--', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(project)}`],
  counts: () => {
    const report = JSON.parse(readFileSync(vitestReport(project), 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  },
});

/** Groups of steps: the steps of a group run side by side, groups one after the other. */
const groups = [
  [
    { name: 'typecheck', command: ['run', 'typecheck'] },
    { name: 'lint', command: ['run', 'lint'] },
    vitestStep('unit'),
    { name: 'app build for the browser tests', command: ['run', 'build', '--', '--outDir', e2eDist, '--emptyOutDir'] },
  ],
  [
    vitestStep('server'),
    {
      name: 'browser tests',
      command: ['exec', '--', 'playwright', 'test', `--reporter=${process.env.CI ? 'line' : 'list'},json`],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, E2E_DIST_DIR: e2eDist },
      counts: () => {
        const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
        return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
      },
    },
  ],
];

/** Runs one step; alone, its output streams; beside others, it is printed whole when the step ends. */
function run(step, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['--silent', ...step.command], {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) {
        console.log(`\n▶ ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, ok: code === 0, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const total = { passed: 0, failed: 0, skipped: 0 };
let failedStep = null;
for (const group of groups) {
  const alone = group.length === 1;
  if (alone) console.log(`\n▶ ${group[0].name}`);
  else console.log(`\n▶ ${group.map((step) => step.name).join(' | ')} (side by side)`);
  const results = await Promise.all(group.map((step) => run(step, alone)));
  for (const { step, ok, seconds } of results) {
    if (step.counts) {
      try {
        const counts = step.counts();
        for (const key of Object.keys(total)) total[key] += counts[key];
      } catch {
        // the runner died before writing its report; the step's failure says enough
      }
    }
    if (ok) console.log(`✔ ${step.name} (${seconds.toFixed(1)} s)`);
    else failedStep ??= step.name;
  }
  if (failedStep) break;
}
rmSync(e2eDist, { recursive: true, force: true });

if (failedStep) console.error(`\n✖ ${failedStep} failed`);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
