// The programs the tests run besides PocketBase, found or built in one place: Stripe's
// API mock and an S3 server (Go programs, built from their modules into the git-ignored
// .bin/), Debian's Chromium for the browser journeys, and the W3C HTML checker (vnu-jar,
// a Java program). `npm test` prepares them all before any test's clock starts
// (scripts/test.mjs, `node scripts/test.mjs --prepare-only` alone); a test file run by
// hand builds what is missing through the same code (tests/support/stripe-mock.ts, s3.ts).
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { binDir } from './paths.mjs';
import { runGo } from './go-run.mjs';

/** The Go programs the tests run, each pinned to a module version. */
export const GO_TOOLS = {
  // Stripe's official API mock: validates every request against Stripe's OpenAPI spec.
  'stripe-mock': { module: 'github.com/stripe/stripe-mock@v0.203.0', what: "Stripe's API mock (stripe-mock)" },
  // An S3 API kept in memory, for the backup tests.
  gofakes3: { module: 'github.com/johannesboyne/gofakes3/cmd/gofakes3@v1.2.0', what: 'the S3 server (gofakes3)' },
  // Continuous replication of the database to the S3 bucket (pocketbase/replication.go): the
  // replication tests run it, and a release ships it beside the server.
  litestream: { module: 'github.com/benbjohnson/litestream/cmd/litestream@v0.5.18', what: 'the database replicator (Litestream)' },
};

/**
 * Set by `npm test` once its preparation is done: from then on a missing tool is an
 * error, not a build inside a test's hook.
 */
export const TOOLS_PREPARED_ENV = 'MASTERCLASS_TEST_TOOLS_PREPARED';

/** A first build downloads the module and compiles it; on a loaded 2-core machine that can take minutes, never this long. */
export const TOOL_BUILD_TIMEOUT_MS = 15 * 60_000;

/** Built without the symbol table and debug information (a release ships Litestream). */
const STRIPPED = '-ldflags=-s -w';

export const goToolPath = (name) => path.join(binDir, name);
// The module the binary was built from, beside it: a new pinned version is built again.
const stampOf = (name) => `${goToolPath(name)}.module`;

/** Whether `.bin/<name>` is there and was built from the pinned module version. */
export function goToolReady(name) {
  const stamp = stampOf(name);
  return existsSync(goToolPath(name)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === GO_TOOLS[name].module;
}

function goToolOf(name) {
  const tool = GO_TOOLS[name];
  if (!tool) throw new Error(`Unknown test tool ${name}; known: ${Object.keys(GO_TOOLS).join(', ')}`);
  return tool;
}

function buildFailure(name, reason, output) {
  const { module, what } = goToolOf(name);
  return new Error(
    `Building ${what} failed: ${reason}.\n` +
    `The command was \`go install ${module}\` (CGO_ENABLED=0, into .bin/). It needs Go 1.26 or later on PATH and the Go module proxy ` +
    `(or a module cache that holds ${module}).${output.trim() ? `\n${output.trim()}` : ''}`,
  );
}

/**
 * Installs into a private directory and renames into place, so runs and suites that
 * build at the same moment never run half a binary.
 */
function installArgs(name) {
  mkdirSync(binDir, { recursive: true });
  const buildDir = mkdtempSync(path.join(binDir, `.${name}-`));
  return { buildDir, env: { ...process.env, GOBIN: buildDir, CGO_ENABLED: '0' } };
}

function moveIntoPlace(name, buildDir) {
  renameSync(path.join(buildDir, name), goToolPath(name));
  writeFileSync(stampOf(name), goToolOf(name).module);
}

/**
 * The tool's binary, built first when missing (a test file run by hand). Under `npm test`
 * the tools were prepared before the tests: a missing one is then an error.
 */
export function ensureGoTool(name) {
  const tool = goToolOf(name);
  if (goToolReady(name)) return goToolPath(name);
  if (process.env[TOOLS_PREPARED_ENV]) {
    throw new Error(`${tool.what} is missing from .bin/ although npm test prepared the tools before the tests: was .bin/${name} removed during the run?`);
  }
  const { buildDir, env } = installArgs(name);
  try {
    execFileSync('go', ['install', STRIPPED, tool.module], { stdio: 'pipe', env, timeout: TOOL_BUILD_TIMEOUT_MS, killSignal: 'SIGKILL' });
    moveIntoPlace(name, buildDir);
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    const reason = error.code === 'ENOENT' ? 'no `go` command was found' : error.signal ? `it did not finish within ${TOOL_BUILD_TIMEOUT_MS / 60_000} minutes` : `go exited with status ${error.status}`;
    throw buildFailure(name, reason, output);
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  return goToolPath(name);
}

/** Builds the tool when missing without blocking (npm test builds them side by side); resolves to whether it was built. */
export async function buildGoTool(name, { timeoutMs = TOOL_BUILD_TIMEOUT_MS } = {}) {
  const tool = goToolOf(name);
  if (goToolReady(name)) return false;
  const { buildDir, env } = installArgs(name);
  try {
    let output;
    try {
      output = await runGo(['install', STRIPPED, tool.module], { env, timeoutMs });
    } catch (error) {
      throw buildFailure(name, error.reason ?? error.message, error.output ?? '');
    }
    try {
      moveIntoPlace(name, buildDir);
    } catch (moveError) {
      throw buildFailure(name, `the built binary could not be moved into .bin/ (${moveError.message})`, output);
    }
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
  return true;
}

/**
 * How long a test's `beforeAll` that starts a Go tool may take: starting it (and the suite's
 * PocketBase beside it) on a loaded 2-core machine, with margin; the time for a first build
 * on top when a file run by hand finds the tool missing.
 */
export function goToolStartTimeoutMs(name) {
  const start = 120_000;
  return goToolReady(name) || process.env[TOOLS_PREPARED_ENV] ? start : start + TOOL_BUILD_TIMEOUT_MS;
}

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/**
 * The browsers the journeys drive: Debian's chromium-headless-shell (the same engine without the
 * windowing browser around it, cheaper per journey), else its chromium; the camera journeys need the
 * full browser (the headless shell has no camera capture). CHROMIUM_PATH sets both.
 */
export function chromiumPaths() {
  const given = process.env.CHROMIUM_PATH;
  return {
    journeys: given ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
    camera: given ?? FULL_CHROMIUM,
  };
}

/** The `java` that runs the HTML checker: JAVA_HOME's, else the one on PATH. */
export const javaCommand = () => (process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java');

/** The checker's jar, shipped inside the vnu-jar package. */
export const vnuJarPath = () => createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * The JVM options the checker runs with (tests/support/vnu.ts): the JVM's quick compiler only and its serial
 * collector halve its CPU on a short run; the checker then needs a larger thread stack than the default.
 */
export const VNU_JVM_OPTIONS = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

const INSTALL_JAVA =
  "Install Debian's default-jre-headless (`apt-get install default-jre-headless`; .ci/run does it when Java is missing), " +
  'or point JAVA_HOME at a Java installation.';

/** The Java runtime's major version (17 for "17.0.15"), or null when there is no working `java`. */
export function javaMajorVersion(java = javaCommand()) {
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 60_000 });
  if (probe.error || probe.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${probe.stderr}${probe.stdout}`);
  if (!match) return null;
  // Java 8 and earlier call themselves 1.x.
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/** What keeps the HTML checker from running on this machine's Java, or null when it can. */
export function javaProblem() {
  const version = javaMajorVersion();
  if (version === null) return `The HTML validator (vnu-jar) needs a Java runtime, version 11 or later, and none was found. ${INSTALL_JAVA}`;
  if (version < 11) return `The HTML validator (vnu-jar) needs Java 11 or later; ${javaCommand()} is Java ${version}. ${INSTALL_JAVA}`;
  return null;
}
