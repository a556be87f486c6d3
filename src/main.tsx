// First: settings the page's Content-Security-Policy needs before any other module runs.
import './app/noEval';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/firstPaint.css';
import './global.css';
// After the app's own global styles, where MantineProvider's style elements used to come.
import 'virtual:mantine-theme.css';
import { App } from '@/app/App';
import { loadFullStyles } from '@/app/deferred';
import { isPrerenderedLocation } from '@/app/prerendered';
import { createAppRouter } from '@/router';
import { captureUtmParams } from '@/lib/utm';

captureUtmParams(window.location.search);

const container = document.getElementById('root')!;

/** Ends the current task: the browser may paint or answer a tap before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // Every module of the first load was evaluated in the task that ends here. Making the
  // router (the browser history, the route tree) and loading the route each get a task
  // of their own, so no one task holds a phone's main thread for long.
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

void start();
