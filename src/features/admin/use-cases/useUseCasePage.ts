// The page of use cases the table shows: loaded from the server for the
// current filters, sort and page; the latest request wins; a failure toasts
// the spec's message and keeps the rows shown.
import { useCallback, useEffect, useState } from 'react';
import { notify } from '@/components/notify';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { isFirstUseCaseQuery, listUseCases, type UseCasePage, type UseCaseQuery } from './useCaseAdminApi';
import { UseCaseAdminTexts as T } from './texts';

const EMPTY: UseCasePage = { items: [], totalItems: 0, totalPages: 0 };

export function useUseCasePage(query: UseCaseQuery) {
  const [reloads, setReloads] = useState(0);
  const key = `${JSON.stringify(query)}#${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; page: UseCasePage }>({ key: '', page: EMPTY });

  useEffect(() => {
    let current = true;
    const query = JSON.parse(key.slice(0, key.lastIndexOf('#'))) as UseCaseQuery;
    // the table's opening page may be on its way already (asked for when its link was pressed)
    const load = () => listUseCases(query);
    (key.endsWith('#0') && isFirstUseCaseQuery(query) ? takePrefetched(PREFETCH.useCases, load) : load())
      .then((page) => {
        if (current) setLoaded({ key, page });
      })
      .catch(() => {
        if (!current) return;
        notify({ topic: 'use-cases-load', kind: 'error', title: T.errorTitle, message: T.loadFailed });
        setLoaded((previous) => ({ key, page: previous.page }));
      });
    return () => {
      current = false;
    };
  }, [key]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { ...loaded.page, loading: loaded.key !== key, reload };
}
