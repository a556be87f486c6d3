// The app's start: its modules, the router, and React rendering (or, on the
// prerendered landing page, hydrating) the page. src/main.tsx calls it at once on
// every page but the prerendered landing page, which it keeps as the server sent it
// until the page needs the app (./landingWake.ts).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Ends the current task: the browser may paint or answer a tap before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's modules, run a library at a time. A module and everything it imports
 * statically run in one task: with the app imported from here, Mantine, the PocketBase
 * client, the router and the app's own modules ran in one task of 300 ms on a phone
 * (4× slowed down). Imported here one after the other, each runs in a task of its own.
 * The build preloads every one of them with the page (scripts/lib/prerender-landing.mjs),
 * so each import only runs code already fetched and compiled.
 */
async function loadApp() {
  await import('@/lib/theme');
  await nextTask();
  await import('@/lib/pocketbase');
  await nextTask();
  return import('@/app/boot');
}

export async function startApp(container: HTMLElement, beforeHydrate: () => void = () => {}): Promise<void> {
  // React's own modules ran in the task that ends here.
  await nextTask();
  const { App, createAppRouter, isPrerenderedLocation, loadFullStyles } = await loadApp();
  // Making the router (the browser history, the route tree) and loading the route each get
  // a task of their own, so no one task holds a phone's main thread for long.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // `/` arrives prerendered (the build renders the landing page into index.html), so
  // its hero is on screen before this runs. The app hydrates that markup: React adopts
  // the elements already on the page instead of building them again, so the page is
  // neither re-created nor laid out anew. Hydrating inside a transition lets React do it
  // in short slices that leave the page responsive to a tap. Should the markup not match
  // (a build out of step with its prerender), React renders the page afresh and says so.
  // Every other route gets the plain shell and waits for every component's styles.
  const prerendered = container.firstElementChild !== null && isPrerenderedLocation(window.location);
  await Promise.all([router.load(), prerendered ? undefined : loadFullStyles()]);
  if (prerendered) {
    await nextTask();
    beforeHydrate();
    startTransition(() => {
      hydrateRoot(container, <App router={router} />, { onRecoverableError: reportHydrationMismatch });
    });
    return;
  }
  createRoot(container).render(<App router={router} />);
}

function reportHydrationMismatch(error: unknown) {
  console.warn('The landing page was rendered again: its prerendered markup did not match.', error);
}
