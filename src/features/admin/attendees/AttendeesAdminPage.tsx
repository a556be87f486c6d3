// Manage Attendees (spec "Admin area", sections 4, 5, 8 and 9), one
// masterclass at a time: the Masterclass selector (the featured one unless the
// address names another with ?event=, which a choice writes) picks whose
// attendees the table lists and the export holds. One search over name,
// email, company and ticket code (applied after a 300 ms pause, back to page
// 1) and status chips with their counts (one at a time), a table paged,
// sorted and filtered by the server (default newest first; a header click
// sorts ascending, a second descending), page sizes 10/20/50/100 (default
// 20), the columns that matter shown by default and the others in the
// table's column menu, invitation marks with Send, 'Showing {shown} of
// {total} attendees', 'No attendees found.', a spinner while loading and the
// spec's pager. A row click or Edit opens 'Edit Attendee'; Delete asks first.
// 'Export to CSV' downloads everyone; once a search or chip narrows the list
// the button says how many it exports ('Export 12 attendees') and the file
// holds exactly those, in the table's order. 'Add attendee' seats someone by
// hand; each row's menu resends the ticket, sends the invitation or offers a
// waitlisted person a seat (after a confirmation), where the row's state
// allows it.
// The parts: useAttendeeList (search, chip, sort, page, the rows and counts), AttendeeSearch,
// AttendeeTable (attendeeColumns, AttendeePager), AddAttendeeDialog, useAttendeeActions
// (invite, resend, offer, export).
import { useCallback, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDownload, IconUserPlus } from '@tabler/icons-react';
import { chosenMasterclass } from '../eventSearch';
import { MasterclassSelect, unknownMasterclass, useMasterclasses } from '../MasterclassSelect';
import type { AdminAttendee } from './attendeesApi';
import { AddAttendeeDialog } from './AddAttendeeDialog';
import type { RowAction } from './attendeeColumns';
import { AttendeeSearch } from './AttendeeSearch';
import { AttendeeTable } from './AttendeeTable';
import { DeleteAttendeeDialog } from './DeleteAttendeeDialog';
import { EditAttendeeDialog } from './EditAttendeeDialog';
import { AttendeeAdminTexts as T } from './texts';
import { useCsvExport, useInvitation, useRowActions } from './useAttendeeActions';
import { useAttendeeList } from './useAttendeeList';

export function AttendeesAdminPage({ eventId, onEventChange }: { eventId?: string; onEventChange: (eventId: string) => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const masterclasses = useMasterclasses();
  const chosen = chosenMasterclass(eventId, masterclasses);
  const list = useAttendeeList(eventId, chosen.unknown ? null : chosen.queryId);
  const { inviting, invite } = useInvitation(list.reload);
  const { exporting, exportCsv } = useCsvExport({ event: chosen.queryId, filters: list.applied, sort: list.sort, empty: list.loaded && list.totalItems === 0 });
  const exportLabel = list.filtered && list.loaded ? T.exportSome(list.totalItems) : T.exportButton;
  const [editing, setEditing] = useState<AdminAttendee | null>(null);
  const [deleting, setDeleting] = useState<AdminAttendee | null>(null);
  const [adding, setAdding] = useState(false);
  const [offering, setOffering] = useState<AdminAttendee | null>(null);
  const timeZone = chosen.event?.timezone || 'Australia/Adelaide';
  const rowActions = useRowActions(list.reload, timeZone);
  const { resend } = rowActions;
  const onAction = useCallback(
    (action: RowAction, attendee: AdminAttendee) => {
      if (action === 'resendTicket') void resend(attendee);
      else if (action === 'invitation') void invite(attendee);
      else setOffering(attendee);
    },
    [resend, invite],
  );

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            {T.title}
          </Title>
          <Text c="dimmed" mt={4}>
            Everyone registered for the chosen masterclass: add people by hand, edit their details, resend tickets and invitations, offer seats to the waitlist, export the list.
          </Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)} disabled={chosen.unknown}>
            {T.addButton}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => void exportCsv()} loading={exporting} disabled={chosen.unknown} data-testid="export-attendees">
            {exportLabel}
          </Button>
        </Group>
      </Group>
      <MasterclassSelect
        events={masterclasses.events}
        featuredId={masterclasses.featuredId}
        value={chosen.unknown ? null : chosen.id}
        onChange={onEventChange}
        description="Whose attendees the list shows and the CSV export holds. The site features the next published masterclass."
        error={masterclasses.error}
      />
      {chosen.unknown ? (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} title="Masterclass not found" data-testid="unknown-masterclass">
          {unknownMasterclass(eventId ?? '')}
        </Alert>
      ) : null}
      <AttendeeSearch search={list.search} onSearch={list.setSearch} status={list.status} onStatus={list.setStatus} counts={list.counts} loaded={list.loaded} />
      {chosen.unknown ? null : (
        <AttendeeTable
          list={list}
          phone={phone}
          timeZone={timeZone}
          inviting={inviting}
          acting={rowActions.acting}
          onInvite={invite}
          onAction={onAction}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}
      <AddAttendeeDialog
        opened={adding}
        event={chosen.unknown ? undefined : chosen.queryId}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          list.reload();
        }}
      />
      <Modal opened={offering !== null} onClose={() => setOffering(null)} title="Offer a seat" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text size="sm" mb="md">
          {offering ? T.offerQuestion(offering.full_name) : ''}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setOffering(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              if (offering) void rowActions.offer(offering);
              setOffering(null);
            }}
          >
            {T.offerConfirm}
          </Button>
        </Group>
      </Modal>
      <EditAttendeeDialog
        attendee={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <DeleteAttendeeDialog
        attendee={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          // Deleting the last row of the last page steps back one page.
          if (list.items.length === 1 && list.pagination.pageIndex > 0) list.setPagination({ ...list.pagination, pageIndex: list.pagination.pageIndex - 1 });
          list.reload();
        }}
      />
    </Stack>
  );
}
