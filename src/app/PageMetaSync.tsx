import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { showPageMeta } from './pageMeta';

/**
 * Keeps the document's title and description on the page shown. A not-found page
 * holds its own (holdPageMeta), which the table, loaded on demand, leaves alone.
 */
export function PageMetaSync() {
  const page = useRouterState({
    select: (state) => `${state.matches.at(-1)?.fullPath ?? ''}\n${state.location.pathname}`,
  });
  useEffect(() => {
    const [fullPath = ''] = page.split('\n');
    let current = true;
    // The table loads once (precached like every chunk, so offline too); only the page still shown is applied.
    void import('./pageMetaTable').then(({ PAGE_META }) => {
      if (current && fullPath in PAGE_META) showPageMeta(PAGE_META[fullPath as keyof typeof PAGE_META]);
    });
    return () => {
      current = false;
    };
  }, [page]);
  return null;
}
