import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `@shared`: the JSON rules both the browser and the server read (pb_hooks/shared);
// `@seed`: the content the server seeds, read by unit tests.
const alias = {
  '@shared': fileURLToPath(new URL('./pb_hooks/shared', import.meta.url)),
  '@seed': fileURLToPath(new URL('./pb_hooks/lib/seed', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/**
 * The run's folder of migrated data folders, handed to the workers: `npm test` makes one for the server and
 * browser tests together (scripts/test.mjs); a run of vitest alone makes its own here, in the runner.
 */
function migratedTemplates(): string {
  process.env.MIGRATED_TEMPLATES ??= mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrated-'));
  return process.env.MIGRATED_TEMPLATES;
}

/** The server tests' settings. */
const serverTests = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  maxWorkers: 2,
  // Each file starts its own PocketBase: 4 prewarmed JS runtimes instead of the server's 50 cut
  // about a CPU-second from every start (PocketBase makes a one-off runtime when all are busy).
  // Migrated data folders made once per run and copied for each server (tests/support/pocketbase.ts).
  env: { HOOKS_POOL: process.env.HOOKS_POOL ?? '4', MIGRATED_TEMPLATES: migratedTemplates() },
} as const;

/**
 * The test files under `dir` that change what every module sees (a global, a spied-on global, the
 * environment, the clock, a mocked or re-imported module). They run isolated, each with its own module
 * cache, so they cannot leak into the files that share one; found by reading the files, so a new such
 * test is isolated too.
 */
const changesGlobalsIn = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join(dir, file))
  .filter((file) => /vi\.(stubGlobal|stubEnv|mock|doMock|resetModules)\(|spyOn\(globalThis|Object\.assign\(globalThis|process\.env\.\w+ *=[^=]|process\.env\[[^\]]+\] *=[^=]|delete process\.env|useFakeTimers\(|globalThis\.\w+ =|defineProperty\(globalThis|\(globalThis as /.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: changesGlobalsIn('src'),
          environment: 'node',
          // Most unit test files share their worker's module cache instead of importing everything again
          // for each file: about 15 CPU-seconds instead of 72 on the 2-core runner. A module that reads a
          // global when first imported (the app's Dexie database needs IndexedDB) finds it whichever file
          // imports it first; the files that change globals run apart, isolated (below).
          isolate: false,
          setupFiles: ['fake-indexeddb/auto'],
          // Outcomes, not speed: a sync test that takes 1 s alone took over 5 s (vitest's default limit)
          // with the machine's load at 28.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'unit-isolated', include: changesGlobalsIn('src'), environment: 'node', testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          ...serverTests,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: changesGlobalsIn('tests/server'),
          // As the unit tests: the files share their worker's module cache instead of each importing
          // the test support, the PocketBase SDK and the stripe package again; the few that change the
          // environment run isolated (below).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...serverTests, name: 'server-isolated', include: changesGlobalsIn('tests/server') },
      },
    ],
  },
});
