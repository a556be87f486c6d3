// Screenshots for a person to look at: the journeys take them only when SHOTS=1
// (`SHOTS=1 npx playwright test …`), into the path each journey names. A full-page
// shot costs Chromium about 1.4 CPU-seconds, and npm test took more than a hundred
// of them on the 2-core runner, where nobody looks. A screenshot a journey reads
// (a ticket's QR code decoded) is taken with Playwright's own `screenshot()`.
import type { Locator, Page } from '@playwright/test';

type Options = NonNullable<Parameters<Page['screenshot']>[0]>;

export const shotsWanted = () => process.env.SHOTS === '1';

export async function lookAt(target: Page | Locator, options: Options): Promise<void> {
  if (!shotsWanted()) return;
  await (target as Page).screenshot(options);
}
