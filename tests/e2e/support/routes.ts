import type { Page, Route } from "@playwright/test";

type Json = Record<string, unknown>;

/**
 * True when a route callback failed only because its page or context closed while a request was in flight:
 * the journey has ended and nothing waits for the answer. Anything else is a real failure.
 */
export function pageWentAway(page: Page, error: unknown): boolean {
  return (
    page.isClosed() ||
    /disposed|has been closed|Target closed|browser has disconnected/i.test(
      String(error),
    )
  );
}

/**
 * Runs a route callback, ignoring the failure of a request still in flight when the journey ends
 * (Playwright otherwise reports it as an error outside any test and fails the whole run).
 */
export function safely(
  page: Page,
  handler: (route: Route) => Promise<unknown>,
): (route: Route) => Promise<void> {
  return async (route) => {
    try {
      await handler(route);
    } catch (error) {
      if (pageWentAway(page, error)) return;
      throw error;
    }
  };
}

/** Answers requests matching `url` with the server's JSON answer as `rewrite` changes it. */
export async function rewriteJson(
  page: Page,
  url: string | RegExp,
  rewrite: (body: Json) => Json,
): Promise<void> {
  await page.route(
    url,
    safely(page, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: rewrite((await response.json()) as Json),
      });
    }),
  );
}

/** The masterclass summary as the server sends it, with sales shown open and `seatsLeft` seats. */
export async function showSalesOpen(
  page: Page,
  seatsLeft = 50,
  url = "**/api/masterclass/event",
): Promise<void> {
  await rewriteJson(page, url, (event) => ({
    ...event,
    sales_state: "open",
    seats_left: seatsLeft,
  }));
}
