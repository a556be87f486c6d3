// The first server calls of each admin screen, started by the admin route's
// beforeLoad (src/routes/admin/route.tsx) when the router learns the screen is
// wanted: the pointer resting on its link (TanStack Router's preload on
// intent) or the navigation itself. They run side by side while the screen's
// code loads and renders, and the screen's first load takes their answers
// (prefetched.ts). Only what a screen asks for first without a choice of its
// own (the featured masterclass, the first page) is asked for here.
import { db } from '@/db';
import { firstAttendeeQuery, listAttendees } from '../attendees/attendeesApi';
import { readDoorCounts } from '../check-in/doorCounts';
import { readLastDoorEvent } from '../check-in/lastDoorEvent';
import { loadedMasterclasses } from '../loadedMasterclasses';
import { DEFAULT_ATTENDEE_PAGE_SIZE } from '../attendees/texts';
import { aheadOfTime } from '../event/eventAdminApi';
import { FIRST_MESSAGES, countUnread, listMessages } from '../messages/messagesApi';
import { fetchSpeakers } from '../speakers/speakersAdminApi';
import { FIRST_USE_CASE_QUERY, listUseCases } from '../use-cases/useCaseAdminApi';
import { fetchAnalytics, readUseCaseCount } from '../overview/overviewApi';
import { PREFETCH, prefetch } from './prefetched';

const featuredSummary = () => prefetch(PREFETCH.featured, aheadOfTime.featuredSummary);

/** The masterclass selector's list and the featured one (MasterclassSelect.tsx useMasterclasses). */
const masterclasses = () => {
  prefetch(PREFETCH.events, aheadOfTime.events);
  void featuredSummary();
};

const BY_PATH: Record<string, (event: string | undefined) => void> = {
  '/admin': (event) => {
    masterclasses();
    prefetch(PREFETCH.analytics(event), () => fetchAnalytics(event));
    prefetch(PREFETCH.useCaseCount, readUseCaseCount);
  },
  '/admin/attendees': (event) => {
    masterclasses();
    prefetch(PREFETCH.attendees(event), () => listAttendees(firstAttendeeQuery(event, DEFAULT_ATTENDEE_PAGE_SIZE), null));
  },
  '/admin/check-in': (event) => {
    masterclasses();
    // The door's counts from the device's store, for the masterclass the door will show (the address's, else the featured one).
    const counts = (id: string) => prefetch(PREFETCH.doorCounts(id), () => readDoorCounts(db, id));
    // (the featured one as the last screen loaded it at once, and as the server answers now; as the
    // page loads afresh, the one the door last worked on here: a wrong guess costs one read)
    const known = event ?? loadedMasterclasses()?.featuredId ?? readLastDoorEvent() ?? undefined;
    if (known) void counts(known);
    if (!event) {
      void featuredSummary().then((summary) => {
        if (summary && summary.id !== known) void counts(summary.id);
      });
    }
  },
  '/admin/event': () => {
    prefetch(PREFETCH.events, aheadOfTime.events);
    void featuredSummary().then((summary) => summary && prefetch(PREFETCH.promoCodes(summary.id), () => aheadOfTime.promoCodes(summary.id)));
  },
  '/admin/speakers': () => {
    prefetch(PREFETCH.events, aheadOfTime.events);
    void featuredSummary().then((summary) => summary && prefetch(PREFETCH.speakers(summary.id), () => fetchSpeakers(summary.id, null)));
  },
  '/admin/messages': () => {
    prefetch(PREFETCH.messages, () => listMessages(FIRST_MESSAGES.page, FIRST_MESSAGES.perPage, false));
    prefetch(PREFETCH.unread, countUnread);
  },
  '/admin/use-cases': () => {
    prefetch(PREFETCH.useCases, () => listUseCases(FIRST_USE_CASE_QUERY));
  },
};

/**
 * Starts the first calls of the admin screen at `pathname`. A preload of the
 * screen shown now (the pointer resting on its own link) starts nothing.
 */
export function prefetchAdminScreen(pathname: string, search: Record<string, unknown>, preload: boolean): void {
  const path = pathname.replace(/\/$/, '') || '/';
  if (preload && path === (window.location.pathname.replace(/\/$/, '') || '/')) return;
  // the masterclass the address names (?event=), else the featured one (the server's default)
  const event = typeof search.event === 'string' && search.event.trim() ? search.event.trim() : undefined;
  BY_PATH[path]?.(event);
}
