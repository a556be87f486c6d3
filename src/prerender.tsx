// Build-time entry (Vite SSR build, see scripts/lib/prerender-landing.mjs): renders
// the landing page to HTML for index.html, so its hero paints before any script
// runs. The browser then renders the same tree over it (src/main.tsx).
//
// With a hero (a phase and its words), the page is rendered as if the server had put
// a masterclass into it (src/features/landing/embeddedLanding.ts): the build renders
// each phase with HERO_TOKENS for its words, and the server fills them in for `/`
// (pocketbase/landing.go), so the hero's facts are in the HTML it sends.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { App } from '@/app/App';
import { setEmbeddedLanding } from '@/features/landing/embeddedLanding';
import { HERO_TOKENS, type HeroTexts } from '@/features/landing/heroView';
import { loadLowerSections, openAllSections } from '@/features/landing/deferredSections';
import { PHASES, type EventPhase } from '@/lib/eventPhase';
import { createAppRouter } from '@/router';

export { HERO_TOKENS };
export const HERO_PHASES: readonly EventPhase[] = PHASES;

async function render(): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }), { prerender: true });
  await router.load();
  return renderToString(<App router={router} />);
}

let sectionsReady: Promise<void> | null = null;

export async function renderLanding(hero?: { phase: EventPhase; texts: HeroTexts }): Promise<string> {
  // The sections below the hero are rendered in full (the browser hydrates them later, see
  // deferredSections.tsx): a first render starts their lazy loads, the next has them.
  sectionsReady ??= (async () => {
    openAllSections();
    await render();
    await loadLowerSections();
    await new Promise((resolve) => setTimeout(resolve, 0));
  })();
  await sectionsReady;
  setEmbeddedLanding(hero ? { hero: { ...hero, live: true } } : null);
  try {
    return await render();
  } finally {
    setEmbeddedLanding(null);
  }
}
