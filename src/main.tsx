import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/firstPaint.css';
import './global.css';
import { App } from '@/app/App';
import { loadFullStyles } from '@/app/deferred';
import { isPrerenderedLocation } from '@/app/prerendered';
import { createAppRouter } from '@/router';
import { captureUtmParams } from '@/lib/utm';

captureUtmParams(window.location.search);

const router = createAppRouter();
const container = document.getElementById('root')!;

async function start() {
  // `/` arrives prerendered (the build renders the landing page into index.html), so
  // its hero is on screen before this runs; the app renders the same page over it
  // once the route's code is in, as a transition: React renders it in short slices
  // that leave the page responsive, and commits it in one go. (Not hydrated: with React 19.3 a
  // hydration started a little after the first paint rendered the tree and never
  // committed it in some loads, leaving the page without its data; see README.)
  // Every other route gets the plain shell and waits for every component's styles.
  const prerendered = container.firstElementChild !== null && isPrerenderedLocation(window.location);
  await Promise.all([router.load(), prerendered ? undefined : loadFullStyles()]);
  const root = createRoot(container);
  if (prerendered) startTransition(() => root.render(<App router={router} />));
  else root.render(<App router={router} />);
}

void start();
