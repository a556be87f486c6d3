// Build-time entry (Vite SSR build, see scripts/lib/prerender-landing.mjs): renders
// the landing page to HTML for index.html, so its hero paints before any script
// runs. The browser then renders the same tree over it (src/main.tsx).
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '@/app/App';
import { createAppRouter } from '@/router';

export async function renderLanding(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }), { prerender: true });
  await router.load();
  return renderToString(<App router={router} />);
}
