// What Manage Attendees does beyond editing a row: sending an attendee their
// account invitation, and exporting what the filters show as CSV (in the
// table's order). Each says how it went in a toast.
import { useCallback, useState } from 'react';
import { showToast } from '@/components/showToast';
import { downloadFile } from '@/lib/downloadFile';
import { ExportFailed, exportAttendeesCsv, failureDetail, sendInvitation, type AdminAttendee, type AttendeeFilters } from './attendeesApi';
import { AttendeeAdminTexts as T } from './texts';

/** Sends invitations; `inviting` is the attendee whose invitation is on its way. The list is loaded again after each. */
export function useInvitation(reload: () => void) {
  const [inviting, setInviting] = useState<string | null>(null);
  const invite = useCallback(
    async (attendee: AdminAttendee) => {
      setInviting(attendee.id);
      try {
        await sendInvitation(attendee.id);
        showToast('success', { message: T.invitationSent(attendee.email) });
      } catch (error) {
        showToast('error', { title: T.errorTitle, message: T.invitationFailed(failureDetail(error)) });
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
      showToast('warning', { title: T.exportButton, message: T.nothingToExport });
      return;
    }
    setExporting(true);
    showToast('success', { title: T.exportingTitle, message: T.exportingMessage }, 3000);
    try {
      const { blob, fileName } = await exportAttendeesCsv(query.event, query.filters, query.sort);
      downloadFile(blob, fileName);
      showToast('success', { message: T.exported });
    } catch (error) {
      const detail = error instanceof ExportFailed ? error.message : failureDetail(error);
      showToast('error', { title: T.errorTitle, message: `${T.exportFailed}: ${detail}` });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
