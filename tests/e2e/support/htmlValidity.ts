// Shared steps of the HTML validity journeys (tests/e2e/html-validity*.spec.ts): a page
// as the app has rendered it, and what the W3C Nu HTML Checker may and may not say of it.
import { expect, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from '../../support/browser';
import { describe as describeMessages, errorsOf, type PageReport, type VnuMessage } from '../../support/vnu';
import { APP_START_TIMEOUT } from './appStart';

export interface RenderedPage {
  name: string;
  html: string;
}

/**
 * iOS picks a Home Screen launch image by the screen's size in `device-width` and
 * `device-height`, which Media Queries 4 deprecates (docs/testing.md, "HTML
 * validity"): the six launch-screen links in the head keep them, and only they may.
 */
export function isKeptOnPurpose(message: VnuMessage): boolean {
  return (
    message.type === 'error' &&
    /Deprecated media feature “device-width”/.test(message.message) &&
    /<link rel="apple-touch-startup-image" media="\(device-width: \d+px\) and \(device-height: \d+px\)/.test(message.extract ?? '')
  );
}

/**
 * Pages with a `<style>` element in the body. The checker accepts one there only as
 * its parent's first child, so whether Mantine's (responsive style props, SimpleGrid,
 * Grid) pass depends on where the layout happens to put them: none at all is the rule.
 */
export function withStyleInBody(pages: RenderedPage[]): string[] {
  return pages.filter((page) => /<body[\s>][\s\S]*<style[\s>]/i.test(page.html)).map((page) => page.name);
}

/** Every error but the ones kept on purpose, one line each, naming the page. */
export function unexpectedErrors(reports: PageReport[]): string[] {
  return reports.flatMap((report) => describeMessages(report, errorsOf(report).filter((message) => !isKeptOnPurpose(message))));
}

/** The document as the app has drawn it, with its doctype. */
export const documentHtml = async (page: Page) => `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`;

/** Waits until nothing on the page is loading and the browser has had an idle moment (the idle-time extras are in). */
async function settled(page: Page, label: string): Promise<void> {
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]'), `${label} has loaded`).toHaveCount(0, { timeout: APP_START_TIMEOUT });
  await expect(page.locator('[aria-busy="true"]'), `${label} is not busy`).toHaveCount(0, { timeout: APP_START_TIMEOUT });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(resolve), { timeout: 3000 })));
}

/**
 * Opens `path` (null: stays on the page shown) as the app's links do: the first page
 * loads the app, the next ones are routed in the tab. Once the page shows its own main
 * heading (`heading`: the address changes before the page it leads to is drawn) and its
 * content is in (`ready`), the page at 1280 px and, the window resized, at 390 px.
 */
export async function renderedAtBothWidths(
  page: Page,
  path: string | null,
  heading: string | RegExp,
  ready: (page: Page) => Promise<unknown>,
  name = path ?? '',
): Promise<RenderedPage[]> {
  await page.setViewportSize(DESKTOP);
  if (path !== null && page.url() === 'about:blank') await page.goto(path);
  else if (path !== null) await page.evaluate((to) => window.history.pushState({ __TSR_index: window.history.length }, '', to), path);
  await expect(page.locator('#root h1'), `${name} shows its heading`).toHaveText(heading, { timeout: APP_START_TIMEOUT });
  const pages: RenderedPage[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await ready(page);
    await settled(page, name);
    pages.push({ name: `rendered ${name} at ${viewport.width} px`, html: await documentHtml(page) });
  }
  return pages;
}
