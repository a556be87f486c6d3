import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// `@shared`: the JSON rules both the browser and the server read (pb_hooks/shared);
// `@seed`: the content the server seeds, read by unit tests.
const alias = {
  '@shared': fileURLToPath(new URL('./pb_hooks/shared', import.meta.url)),
  '@seed': fileURLToPath(new URL('./pb_hooks/lib/seed', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

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
        },
      },
    ],
  },
});
