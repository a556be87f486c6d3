// npm test's first phase: every program the tests need, found, checked and built before any
// test's clock starts, so no test waits on a build (scripts/test.mjs). The Go programs build
// side by side; each line says what was done and how long it took. Every preparation has its
// own time limit and a message that says what is missing and how to get it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServerBinary } from './build-server.mjs';
import { buildGoTool, chromiumPaths, GO_TOOLS, javaCommand, javaMajorVersion, javaProblem, VNU_JVM_OPTIONS, vnuJarPath } from './test-tools.mjs';

/** Runs a program to its end within `timeoutMs`; resolves to its output, rejects with it. */
function run(program, args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(`${stdout}${stderr}`);
      const how = error.code === 'ENOENT' ? 'was not found' : error.killed ? `did not finish within ${timeoutMs / 1000} s` : `failed (${error.message.split('\n')[0]})`;
      reject(new Error(`${program} ${args.join(' ')} ${how}\n${stdout}${stderr}`.trim()));
    });
  });
}

const CHROMIUM_HINT = "install Debian's packages (apt-get install chromium-headless-shell chromium; .ci/run does it) or set CHROMIUM_PATH";

async function prepareChromium() {
  const { journeys, camera } = chromiumPaths();
  for (const [browser, use] of [[journeys, 'the browser journeys'], [camera, 'the journeys that film a ticket (a fake camera needs the full browser)']]) {
    if (!existsSync(browser)) throw new Error(`${use} need Chromium at ${browser}, which is missing: ${CHROMIUM_HINT}.`);
  }
  // One real start of the journeys' browser: it proves it runs here (libraries, sandbox flags) and
  // brings it into the page cache before the first journey's clock starts.
  try {
    await run(journeys, ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--dump-dom', 'about:blank']);
  } catch (error) {
    throw new Error(`Chromium (${journeys}) did not start: ${error.message}\n(${CHROMIUM_HINT})`);
  }
  if (camera !== journeys) await run(camera, ['--version']);
  return camera === journeys ? journeys : `${journeys}, camera journeys ${camera}`;
}

async function prepareHtmlValidator() {
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  let jar;
  try {
    jar = vnuJarPath();
  } catch {
    throw new Error("The HTML validator's vnu.jar is missing from node_modules/vnu-jar: run `npm ci` again.");
  }
  // The checker started once with the options the tests use: it runs on this Java, and its 30 MB jar
  // is read into the page cache before the validity journey starts it.
  const version = (await run(javaCommand(), [...VNU_JVM_OPTIONS, '-jar', jar, '--version'])).trim();
  return `vnu ${version} on Java ${javaMajorVersion()}`;
}

async function prepareDocumentReaders() {
  // Tax invoices are read back with poppler's pdftotext, the business case's Word file with unzip.
  for (const [tool, pkg] of [['pdftotext', 'poppler-utils'], ['unzip', 'unzip']]) {
    try {
      await run(tool, ['-v'], { timeoutMs: 60_000 });
    } catch (error) {
      if (/was not found/.test(error.message)) throw new Error(`The tests read PDF and Word files back with ${tool}: install Debian's package (apt-get install ${pkg}).`);
      // unzip -v and pdftotext -v answer with a status some versions count as an error; being there is enough
    }
  }
  // The tickets' QR codes are read back with zbar's zbarimg; the calendar files with libical
  // (tests/support/libical-read.py, Debian's python3 with its GObject bindings) beside ical.js.
  try {
    await run('zbarimg', ['--version'], { timeoutMs: 60_000 });
  } catch {
    throw new Error("The tests read QR codes back with zbarimg: install Debian's package (apt-get install zbar-tools).");
  }
  try {
    await run('/usr/bin/python3', ['-c', 'import gi; gi.require_version("ICalGLib", "3.0"); from gi.repository import ICalGLib'], { timeoutMs: 60_000 });
  } catch {
    throw new Error("The tests read calendar files back with libical: install Debian's packages (apt-get install python3-gi gir1.2-ical-3.0).");
  }
  return 'pdftotext, unzip, zbarimg, libical';
}

const built = (didBuild) => (didBuild ? 'built' : 'already built');

/** What npm test prepares, each with what it does. */
export const PREPARATIONS = [
  { name: 'PocketBase server binary', prepare: async () => built(await buildServerBinary()) },
  ...Object.entries(GO_TOOLS).map(([name, { what }]) => ({ name: what, prepare: async () => built(await buildGoTool(name)) })),
  { name: 'Chromium', prepare: prepareChromium },
  { name: 'HTML validator', prepare: prepareHtmlValidator },
  { name: 'PDF, Word, QR and calendar readers', prepare: prepareDocumentReaders },
];

/**
 * Prepares everything side by side and prints one line per preparation as it ends. Resolves to
 * the failures (empty when all is ready).
 */
export async function prepareTestTools({ log = console.log } = {}) {
  const started = Date.now();
  log('▶ preparing tools (before any test starts): PocketBase, stripe-mock, gofakes3 and Litestream side by side, Chromium, the HTML validator, the PDF, Word, QR and calendar readers');
  const failures = [];
  await Promise.all(PREPARATIONS.map(async ({ name, prepare }) => {
    const at = Date.now();
    try {
      const detail = await prepare();
      log(`  ✔ ${name}: ${detail} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
    } catch (error) {
      log(`  ✖ ${name} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
      failures.push({ name, message: error.message });
    }
  }));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length === 0) log(`✔ tools ready (${seconds} s)`);
  else for (const { name, message } of failures) log(`\n✖ ${name} is not ready:\n${message}`);
  return failures;
}
