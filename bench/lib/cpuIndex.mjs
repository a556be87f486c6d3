// The host's CPU index, computed as Lighthouse computes its `benchmarkIndex`
// (lighthouse/core/lib/page-functions.js computeBenchmarkIndex: string building
// and array copying for a second, in the page, before any throttling), so a
// browser benchmark's figures can be set beside Lighthouse's and beside each
// other's on a machine whose speed moves from one hour to the next.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * The index measured `runs` times on a blank page of `context` (unthrottled), and their median.
 * @param {import('@playwright/test').BrowserContext} context
 */
export async function measureCpuIndex(context, runs = 3) {
  const page = await context.newPage();
  try {
    const values = [];
    for (let run = 0; run < runs; run += 1) values.push(Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex)));
    const sorted = [...values].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], runs: values };
  } finally {
    await page.close();
  }
}
