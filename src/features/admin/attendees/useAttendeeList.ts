// What Manage Attendees lists: the search as typed and as applied (after a
// FILTER_DEBOUNCE_MS pause), the status chip (applied at once), the table's
// sort and page, and the page of attendees loaded for them with the chips'
// counts, in one request (useAttendeePage). Any search or chip change, and
// choosing another masterclass, goes back to page 1.
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { MRT_PaginationState, MRT_SortingState } from 'mantine-react-table';
import type { AttendeeFilters, StatusChip } from './attendeesApi';
import { DEFAULT_ATTENDEE_PAGE_SIZE, FILTER_DEBOUNCE_MS } from './texts';
import { useAttendeePage } from './useAttendeePage';

/**
 * `eventId` is the masterclass the address names (none: the featured one);
 * `event` the one to ask the server for (undefined: the featured one), or null
 * when the address names one that does not exist: nothing is asked then.
 */
export function useAttendeeList(eventId: string | undefined, event: string | undefined | null) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusChip | ''>('');
  const [appliedSearch] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [pagination, setPagination] = useState<MRT_PaginationState>({ pageIndex: 0, pageSize: DEFAULT_ATTENDEE_PAGE_SIZE });

  // Adjusted while rendering, before the query is made.
  const [applied, setApplied] = useState<AttendeeFilters>({ q: appliedSearch, status });
  const [appliedEvent, setAppliedEvent] = useState(eventId);
  if (applied.q !== appliedSearch || applied.status !== status || appliedEvent !== eventId) {
    setApplied({ q: appliedSearch, status });
    setAppliedEvent(eventId);
    if (pagination.pageIndex !== 0) setPagination({ ...pagination, pageIndex: 0 });
  }

  const sorted = sorting[0];
  const sort = sorted ? { id: sorted.id, desc: sorted.desc } : undefined;
  const page = useAttendeePage(
    event === null ? null : { event, page: pagination.pageIndex + 1, perPage: pagination.pageSize, filters: applied, sort },
  );
  const pages = Math.max(page.totalPages, 1);
  const pageNumber = Math.min(pagination.pageIndex + 1, pages);
  const goTo = (number: number) => setPagination((current) => ({ ...current, pageIndex: Math.min(Math.max(number, 1), pages) - 1 }));
  /** A search or chip narrows the list (the export then says how many it holds). */
  const filtered = applied.q.trim() !== '' || applied.status !== '';

  return { ...page, search, setSearch, status, setStatus, applied, filtered, sort, sorting, setSorting, pagination, setPagination, pages, pageNumber, goTo };
}

export type AttendeeList = ReturnType<typeof useAttendeeList>;
