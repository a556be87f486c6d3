import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { applyPageMeta, PAGE_META } from './pageMeta';

/**
 * Keeps the document's title and description on the page shown. Rendered before
 * the routes' outlet, so a not-found page (which sets its own) has the last word.
 */
export function PageMetaSync() {
  const page = useRouterState({
    select: (state) => `${state.matches.at(-1)?.fullPath ?? ''}\n${state.location.pathname}`,
  });
  useEffect(() => {
    const [fullPath = ''] = page.split('\n');
    if (fullPath in PAGE_META) applyPageMeta(PAGE_META[fullPath as keyof typeof PAGE_META]);
  }, [page]);
  return null;
}
