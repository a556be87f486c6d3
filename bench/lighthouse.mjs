// Lighthouse (mobile preset, its default simulated throttling) on the landing
// page served by a real PocketBase from the build, driving Debian's Chromium.
// Five runs; the run with the median performance score is reported, beside every run's score.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distDir } from '../scripts/lib/paths.mjs';
import { freePort, startPocketBase } from '../scripts/lib/pocketbase-process.mjs';

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  firstContentfulPaintMs: 'first-contentful-paint',
  largestContentfulPaintMs: 'largest-contentful-paint',
  totalBlockingTimeMs: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

/** Scores (0–100) and metrics from one Lighthouse result. */
export function summariseLighthouse(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => {
      const value = lhr.audits[id]?.numericValue ?? null;
      return [name, value === null ? null : name === 'cumulativeLayoutShift' ? Number(value.toFixed(3)) : Math.round(value)];
    }),
  );
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
  // Lighthouse's own CPU benchmark of the machine (higher is faster), and the browser it drove.
  const benchmarkIndex = lhr.environment?.benchmarkIndex ? Math.round(lhr.environment.benchmarkIndex) : null;
  const browser = /(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment?.hostUserAgent ?? '')?.[0] ?? null;
  return { scores, metrics, lcpElement, benchmarkIndex, browser };
}

/** The goals for the landing page, checked against the median run. */
export const LIGHTHOUSE_GOALS = { performance: 90, largestContentfulPaintMs: 2500 };

export async function measureLighthouse({ publicDir = distDir, runs = 5 } = {}) {
  // Lighthouse's simulation scales the main-thread time it observes: a busy machine lowers the score.
  const loadAverage = Number(os.loadavg()[0].toFixed(1));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-bench-'));
  const server = await startPocketBase({ dataDir, httpAddr: `127.0.0.1:${await freePort()}`, publicDir });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
  try {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${server.url}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, formFactor: 'mobile' });
      results.push(summariseLighthouse(lhr));
    }
    const ordered = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
    const median = ordered[Math.floor(ordered.length / 2)];
    // Other work on the machine during the runs shows in the load average at the end.
    const loadAverageAfter = Number(os.loadavg()[0].toFixed(1));
    const goalsMet = {
      performance: median.scores.performance >= LIGHTHOUSE_GOALS.performance,
      largestContentfulPaint: median.metrics.largestContentfulPaintMs !== null && median.metrics.largestContentfulPaintMs <= LIGHTHOUSE_GOALS.largestContentfulPaintMs,
    };
    const performanceScores = results.map((run) => run.scores.performance);
    return { url: '/', loadAverage, loadAverageAfter, preset: 'mobile (Lighthouse default, simulated throttling)', lighthouseVersion: createRequire(import.meta.url)('lighthouse/package.json').version, performanceScores, goals: LIGHTHOUSE_GOALS, goalsMet, runs: results, ...median };
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
