import { createRoot, hydrateRoot } from 'react-dom/client';
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
  // `/` arrives prerendered (the build renders the landing page into index.html):
  // hydrate it once the route's code is in. Every other route gets the plain shell
  // and renders here, after every component's styles are in.
  if (container.firstElementChild && isPrerenderedLocation(window.location)) {
    await router.load();
    hydrateRoot(container, <App router={router} />);
    return;
  }
  container.replaceChildren();
  await Promise.all([router.load(), loadFullStyles()]);
  createRoot(container).render(<App router={router} />);
}

void start();
