import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './tests/support/browser';

// Migrated data folders made once per run and copied for each server the journeys start
// (tests/support/pocketbase.ts): npm test's folder, shared with the server tests (scripts/test.mjs), or
// else made here in the runner; inherited by its workers.
process.env.MIGRATED_TEMPLATES ??= mkdtempSync(path.join(os.tmpdir(), 'masterclass-migrated-'));
// The journeys' servers serve one or two browsers at a time: 24 prewarmed JS runtimes rather than the
// production 200 (scripts/lib/pocketbase-process.mjs), each costing the 2-core runner CPU at every start.
process.env.HOOKS_POOL ??= '24';

// Browser journeys run against a real PocketBase serving the built PWA,
// started once by tests/support/e2e-global-setup.ts on a free port.
export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/support/e2e-global-setup.ts',
  fullyParallel: true,
  // Two workers on a 2-core runner: with the server tests beside them the cores are full (process
  // accounting over a whole npm test: Chromium about half the CPU time), and a third worker only
  // stretched every journey and server start. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry in CI keeps a slow 2-core runner from failing a journey on timing alone; the report marks such a test flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions,
    // Recording a trace for every journey costs the 2-core runner CPU on each one; a failure is
    // retried (CI) with its trace, or run again locally with --trace on.
    trace: 'on-first-retry',
    // A journey sees the network as it is, not a service worker's cache; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    // Journeys ask for reduced motion, as some visitors' phones do (the theme then drops
    // Mantine's transitions): no journey waits for a drawer to slide or a notice to fade.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions } }],
});
