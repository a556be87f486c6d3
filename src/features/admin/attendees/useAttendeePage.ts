// The page of attendees the table shows: loaded from the server for the
// current filters, sort and page; the latest request wins; a failure toasts
// the spec's message and keeps the rows shown. Loading lasts from a change of
// query (or a reload) until its answer arrives.
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '@/components/showToast';
import { listAttendees, type AttendeePage, type AttendeeQuery } from './attendeesApi';
import { AttendeeAdminTexts as T } from './texts';

export function useAttendeePage(query: AttendeeQuery) {
  const [page, setPage] = useState<AttendeePage>({ items: [], totalItems: 0, totalPages: 0 });
  const [loaded, setLoaded] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [answered, setAnswered] = useState('');
  const key = JSON.stringify(query);
  const requestKey = `${reloads}:${key}`;

  useEffect(() => {
    let current = true;
    listAttendees(JSON.parse(key) as AttendeeQuery)
      .then((result) => {
        if (!current) return;
        setPage(result);
        setLoaded(true);
      })
      .catch(() => {
        if (current) showToast('error', { title: T.errorTitle, message: T.loadFailed });
      })
      .finally(() => {
        if (current) setAnswered(`${reloads}:${key}`);
      });
    return () => {
      current = false;
    };
  }, [key, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { ...page, loading: answered !== requestKey, loaded, reload };
}
