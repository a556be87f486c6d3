// What Manage Attendees does beyond editing a row: sending an attendee their
// account invitation, resending their ticket, offering a waitlisted person a
// seat, and exporting what the filters show as CSV (in the table's order).
// Each says how it went in a notice (one per topic, so a success replaces
// its error).
import { useCallback, useState } from 'react';
import { notify } from '@/components/notify';
import { downloadFile } from '@/lib/downloadFile';
import { formatStoredDateTime } from '@/lib/eventWhen';
import {
  ExportFailed, exportAttendeesCsv, failureDetail, offerSeat, resendTicket, sendInvitation, type AdminAttendee, type AttendeeFilters,
} from './attendeesApi';
import { AttendeeAdminTexts as T } from './texts';

/** Sends invitations; `inviting` is the attendee whose invitation is on its way. The list is loaded again after each. */
export function useInvitation(reload: () => void) {
  const [inviting, setInviting] = useState<string | null>(null);
  const invite = useCallback(
    async (attendee: AdminAttendee) => {
      setInviting(attendee.id);
      try {
        await sendInvitation(attendee.id);
        notify({ topic: 'invitation', kind: 'success', message: T.invitationSent(attendee.email) });
      } catch (error) {
        notify({ topic: 'invitation', kind: 'error', title: T.errorTitle, message: T.invitationFailed(failureDetail(error)) });
      } finally {
        setInviting(null);
        reload();
      }
    },
    [reload],
  );
  return { inviting, invite };
}

export interface CsvExportQuery {
  event: string | undefined;
  filters: AttendeeFilters;
  sort: { id: string; desc: boolean } | undefined;
  /** Known to match no attendee: nothing is exported, and the toast says why. */
  empty: boolean;
}

/** Exports the attendees `query` names as a CSV download; `exporting` while it runs. */
export function useCsvExport(query: CsvExportQuery) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    if (query.empty) {
      notify({ topic: 'export', kind: 'warning', title: T.exportButton, message: T.nothingToExport });
      return;
    }
    setExporting(true);
    notify({ topic: 'export', kind: 'success', title: T.exportingTitle, message: T.exportingMessage, autoClose: 3000 });
    try {
      const { blob, fileName } = await exportAttendeesCsv(query.event, query.filters, query.sort);
      downloadFile(blob, fileName);
      notify({ topic: 'export', kind: 'success', message: T.exported });
    } catch (error) {
      const detail = error instanceof ExportFailed ? error.message : failureDetail(error);
      notify({ topic: 'export', kind: 'error', title: T.errorTitle, message: `${T.exportFailed}: ${detail}` });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

/**
 * Resends a ticket, or offers a seat (after the page's confirmation); `acting`
 * is the attendee whose action is under way. The list is loaded again after each.
 */
export function useRowActions(reload: () => void, timeZone: string) {
  const [acting, setActing] = useState<string | null>(null);
  const run = useCallback(
    async (attendee: AdminAttendee, topic: string, work: () => Promise<string>, failed: string) => {
      setActing(attendee.id);
      try {
        notify({ topic, kind: 'success', message: await work() });
      } catch (error) {
        notify({ topic, kind: 'error', title: failed, message: failureDetail(error) });
      } finally {
        setActing(null);
        reload();
      }
    },
    [reload],
  );
  const resend = useCallback(
    (attendee: AdminAttendee) =>
      run(attendee, `ticket-${attendee.id}`, async () => T.ticketResent(attendee.full_name, await resendTicket(attendee.id)), T.ticketResendFailed),
    [run],
  );
  const offer = useCallback(
    (attendee: AdminAttendee) =>
      run(
        attendee,
        `offer-${attendee.id}`,
        async () => {
          const answer = await offerSeat(attendee.event, attendee.id);
          return T.seatOffered(attendee.full_name, formatStoredDateTime(answer.offer.expires_at, timeZone));
        },
        T.offerFailed,
      ),
    [run, timeZone],
  );
  return { acting, resend, offer };
}
