// The sections below the hero load and hydrate on their own: their code is a
// chunk of its own (./LowerSections), and on the prerendered page each section
// keeps the server's markup (visible, styled, its links plain links) until it
// comes near the viewport or the page is idle, when React hydrates it in a
// Suspense boundary of its own, in short slices. A phone's main thread is then
// never held up hydrating the whole page at once. The sections read the page's
// data from a small store (./lowerData), not from props, so an answer that
// arrives before a section has hydrated never makes React throw its markup away.
import { lazy, memo, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { whenIdle } from '@/app/deferred';

export const LOWER_SECTIONS = ['Why', 'Experience', 'Audience', 'Speakers', 'Details', 'Closing'] as const;
export type LowerSectionName = (typeof LOWER_SECTIONS)[number];

type LowerModule = Record<LowerSectionName, ComponentType>;

/** The attribute that marks each section's box, for the viewport watch. */
export const LOWER_ATTRIBUTE = 'data-lower-section';

let loading: Promise<LowerModule> | null = null;

/** Loads the sections' chunk (once). */
export function loadLowerSections(): Promise<LowerModule> {
  loading ??= import('./LowerSections');
  return loading;
}

interface Gate {
  open: boolean;
  promise: Promise<void>;
  release: () => void;
}

const gates = new Map<LowerSectionName, Gate>();

function gate(name: LowerSectionName): Gate {
  let found = gates.get(name);
  if (!found) {
    let release = () => {};
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    const created: Gate = { open: false, promise, release: () => {} };
    created.release = () => {
      created.open = true;
      release();
    };
    gates.set(name, created);
    found = created;
  }
  return found;
}

/** Lets a section render (and hydrate): it is near the viewport, the page is idle, or the page was not prerendered. */
export function openSection(name: LowerSectionName): void {
  gate(name).release();
  void loadLowerSections();
}

export function openAllSections(): void {
  for (const name of LOWER_SECTIONS) openSection(name);
}

function lazySection(name: LowerSectionName): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [module] = await Promise.all([loadLowerSections(), gate(name).promise]);
    return { default: module[name] };
  });
}

const LAZY_SECTIONS = Object.fromEntries(LOWER_SECTIONS.map((name) => [name, lazySection(name)])) as Record<LowerSectionName, LazyExoticComponent<ComponentType>>;

/**
 * One section below the hero, in its own Suspense boundary and box. Once its code has
 * loaded, React renders it at once wherever the page is rendered again (the prerender
 * renders the page once to start the loads, then for good).
 *
 * Memoised: it takes no data from the landing page, so the page rendering again (its
 * event or speakers arrived) never reaches a boundary still holding the prerendered
 * markup. An update there, before the section's code has loaded, makes React drop that
 * markup and show the empty fallback until it has: the section would vanish and come back.
 */
export const LowerSection = memo(function LowerSection({ name }: { name: LowerSectionName }) {
  const Section = LAZY_SECTIONS[name];
  return (
    <div {...{ [LOWER_ATTRIBUTE]: name }}>
      <Suspense fallback={null}>
        <Section />
      </Suspense>
    </div>
  );
});

/** The rendered prerender in the document when the app started (read once, before React touches it). */
export const prerendered = typeof document !== 'undefined' && document.querySelector(`[${LOWER_ATTRIBUTE}]`) !== null;

/**
 * Opens each section as it nears the viewport, and all of them once the page is idle.
 * Without a prerendered page to keep (another route rendered first, `npm run dev`), all at once.
 */
export function useLowerSectionsWatch(): void {
  useEffect(() => {
    if (!prerendered || typeof IntersectionObserver === 'undefined') {
      openAllSections();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          openSection(entry.target.getAttribute(LOWER_ATTRIBUTE) as LowerSectionName);
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: '400px 0px' },
    );
    for (const element of document.querySelectorAll(`[${LOWER_ATTRIBUTE}]`)) observer.observe(element);
    const cancelIdle = whenIdle(openAllSections);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, []);
}
