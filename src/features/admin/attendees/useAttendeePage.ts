// The page of attendees the table shows, with the status chips' counts, in one
// request: loaded from the server for the current search, chip, sort and page; the latest request wins; a failure toasts
// the spec's message and keeps the rows shown. Loading lasts from a change of
// query (or a reload) until its answer arrives. No query (null: the address
// names a masterclass that does not exist) asks nothing and shows no rows.
import { useCallback, useEffect, useState } from 'react';
import { notify } from '@/components/notify';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { isFirstAttendeeQuery, listAttendees, NO_COUNTS, type AttendeePage, type AttendeeQuery } from './attendeesApi';
import { DEFAULT_ATTENDEE_PAGE_SIZE, AttendeeAdminTexts as T } from './texts';

const NO_ROWS: AttendeePage = { items: [], totalItems: 0, totalPages: 0, counts: NO_COUNTS };

export function useAttendeePage(query: AttendeeQuery | null) {
  const [page, setPage] = useState<AttendeePage>(NO_ROWS);
  const [loaded, setLoaded] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [answered, setAnswered] = useState('');
  const key = JSON.stringify(query);
  const requestKey = `${reloads}:${key}`;

  useEffect(() => {
    if (key === 'null') return undefined;
    let current = true;
    const asked = JSON.parse(key) as AttendeeQuery;
    // the first page, as the screen opens, may already be on its way (asked for when its link was pressed)
    const load = reloads === 0 && isFirstAttendeeQuery(asked, DEFAULT_ATTENDEE_PAGE_SIZE)
      ? takePrefetched(PREFETCH.attendees(asked.event), () => listAttendees(asked))
      : listAttendees(asked);
    load
      .then((result) => {
        if (!current) return;
        setPage(result);
        setLoaded(true);
      })
      .catch(() => {
        if (current) notify({ topic: 'attendees-load', kind: 'error', title: T.errorTitle, message: T.loadFailed });
      })
      .finally(() => {
        if (current) setAnswered(`${reloads}:${key}`);
      });
    return () => {
      current = false;
    };
  }, [key, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  if (query === null) return { ...NO_ROWS, loading: false, loaded: false, reload };
  return { ...page, loading: answered !== requestKey, loaded, reload };
}
