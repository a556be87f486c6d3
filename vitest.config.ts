import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// `@shared`: the JSON rules both the browser and the server read (pb_hooks/shared);
// `@seed`: the content the server seeds, read by unit tests.
const alias = {
  '@shared': fileURLToPath(new URL('./pb_hooks/shared', import.meta.url)),
  '@seed': fileURLToPath(new URL('./pb_hooks/lib/seed', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/** The run's folder of migrated data folders: made once here, in the runner, and handed to its workers. */
function migratedTemplates(): string {
  process.env.MIGRATED_TEMPLATES ??= mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrated-'));
  return process.env.MIGRATED_TEMPLATES;
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Each file starts its own PocketBase: 4 prewarmed JS runtimes instead of the server's 50 cut
          // about a CPU-second from every start (PocketBase makes a one-off runtime when all are busy).
          // Migrated data folders made once per run and copied for each server (tests/support/pocketbase.ts).
          env: { HOOKS_POOL: process.env.HOOKS_POOL ?? '4', MIGRATED_TEMPLATES: migratedTemplates() },
        },
      },
    ],
  },
});
