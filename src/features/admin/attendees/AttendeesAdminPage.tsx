// Manage Attendees (spec "Admin area", sections 4, 5, 8 and 9), one
// masterclass at a time: the Masterclass selector (the featured one unless the
// address names another with ?event=, which a choice writes) picks whose
// attendees the table lists and the export holds. Filters by
// name, email and company (applied after a 300 ms pause, back to page 1), a
// table paged, sorted and filtered by the server (default newest first; a
// header click sorts ascending, a second descending), page sizes
// 10/20/50/100 (default 20), the spec's columns and labels, invitation marks
// with Send, role badges, 'Showing {shown} of {total} attendees', 'No
// attendees found.', a spinner while loading and the spec's pager. A row
// click or Edit opens 'Edit Attendee'; Delete asks first. 'Export to CSV'
// downloads what the filters show, in the table's order.
import { useMemo, useState } from 'react';
import {
  ActionIcon, Alert, Badge, Box, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title, Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconAlertCircle, IconChevronLeft, IconChevronRight, IconCircleCheckFilled, IconCircleXFilled, IconDownload, IconEdit, IconSearch, IconTrash,
} from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_SortingState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { serverTableOptions } from '../serverTableOptions';
import { chosenMasterclass } from '../eventSearch';
import { MasterclassSelect, unknownMasterclass, useMasterclasses } from '../MasterclassSelect';
import { showToast } from '@/components/showToast';
import { downloadFile } from '@/lib/downloadFile';
import { formatLongDate } from '@/lib/formatLongDate';
import { pagerItems, statusLabel } from './attendeeView';
import {
  ExportFailed, exportAttendeesCsv, failureDetail, sendInvitation, type AdminAttendee, type AttendeeFilters,
} from './attendeesApi';
import { DeleteAttendeeDialog } from './DeleteAttendeeDialog';
import { EditAttendeeDialog } from './EditAttendeeDialog';
import { ATTENDEE_PAGE_SIZES, AttendeeAdminTexts as T, DEFAULT_ATTENDEE_PAGE_SIZE, FILTER_DEBOUNCE_MS } from './texts';
import { useAttendeePage } from './useAttendeePage';

const EMPTY_FILTERS: AttendeeFilters = { name: '', email: '', company: '' };

export function AttendeesAdminPage({ eventId, onEventChange }: { eventId?: string; onEventChange: (eventId: string) => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const masterclasses = useMasterclasses();
  const chosen = chosenMasterclass(eventId, masterclasses);
  const [filters, setFilters] = useState<AttendeeFilters>(EMPTY_FILTERS);
  const [debounced] = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [sorting, setSorting] = useState<MRT_SortingState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: DEFAULT_ATTENDEE_PAGE_SIZE });
  const [editing, setEditing] = useState<AdminAttendee | null>(null);
  const [deleting, setDeleting] = useState<AdminAttendee | null>(null);
  const [inviting, setInviting] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // Any filter change, and choosing another masterclass, goes back to page 1 (adjusted while rendering, before the query is made).
  const [appliedFilters, setAppliedFilters] = useState(debounced);
  const [appliedEvent, setAppliedEvent] = useState(eventId);
  if (appliedFilters !== debounced || appliedEvent !== eventId) {
    setAppliedFilters(debounced);
    setAppliedEvent(eventId);
    if (pagination.pageIndex !== 0) setPagination({ ...pagination, pageIndex: 0 });
  }

  const sort = sorting[0];
  const { items, totalItems, totalPages, loading, loaded, reload } = useAttendeePage(
    chosen.unknown
      ? null
      : {
          event: chosen.queryId,
          page: pagination.pageIndex + 1,
          perPage: pagination.pageSize,
          filters: debounced,
          sort: sort ? { id: sort.id, desc: sort.desc } : undefined,
        },
  );
  const pages = Math.max(totalPages, 1);
  const pageNumber = Math.min(pagination.pageIndex + 1, pages);
  const goTo = (page: number) => setPagination((current) => ({ ...current, pageIndex: Math.min(Math.max(page, 1), pages) - 1 }));


  const invite = async (attendee: AdminAttendee) => {
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
  };

  const exportCsv = async () => {
    if (loaded && totalItems === 0) {
      showToast('warning', { title: T.exportButton, message: T.nothingToExport });
      return;
    }
    setExporting(true);
    showToast('success', { title: T.exportingTitle, message: T.exportingMessage }, 3000);
    try {
      const { blob, fileName } = await exportAttendeesCsv(chosen.queryId, debounced, sort ? { id: sort.id, desc: sort.desc } : undefined);
      downloadFile(blob, fileName);
      showToast('success', { message: T.exported });
    } catch (error) {
      const detail = error instanceof ExportFailed ? error.message : failureDetail(error);
      showToast('error', { title: T.errorTitle, message: `${T.exportFailed}: ${detail}` });
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<MRT_ColumnDef<AdminAttendee>[]>(
    () => [
      {
        accessorKey: 'full_name',
        header: 'Name',
        size: 118,
        Cell: ({ row }) => (
          <Box miw={0}>
            <Text fw={600} size="sm" lineClamp={2}>
              {row.original.full_name}
            </Text>
            {phone && (
              <>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {row.original.email}
                </Text>
                <Text size="xs" c="navy.7" fw={500}>
                  {statusLabel(row.original.registration_status)}
                </Text>
              </>
            )}
          </Box>
        ),
      },
      {
        accessorKey: 'email',
        header: 'Email',
        size: 158,
        Cell: ({ row }) => <span style={{ wordBreak: 'break-all' }}>{row.original.email}</span>,
      },
      { accessorKey: 'company', header: 'Company', size: 105 },
      { accessorKey: 'job_title', header: 'Job Title', size: 100 },
      { accessorKey: 'role', header: 'Role', size: 118, Cell: ({ row }) => row.original.role || '-' },
      {
        accessorKey: 'registration_status',
        header: 'Status',
        size: 90,
        Cell: ({ row }) => statusLabel(row.original.registration_status),
      },
      {
        accessorKey: 'invitation_sent',
        header: 'Invitation',
        size: 104,
        Cell: ({ row }) => {
          const attendee = row.original;
          if (attendee.invitation_sent) {
            const sentAt = attendee.invitation_sent_at ? `Invitation sent ${formatLongDate(new Date(attendee.invitation_sent_at.replace(' ', 'T')))}` : 'Invitation sent';
            return (
              <Tooltip label={sentAt}>
                <Group gap={4} wrap="nowrap" aria-label={sentAt} role="img">
                  <IconCircleCheckFilled size={20} color="var(--mantine-color-green-7)" aria-hidden />
                </Group>
              </Tooltip>
            );
          }
          return (
            <Group gap={6} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
              <IconCircleXFilled size={20} color="var(--mantine-color-red-7)" aria-label="No invitation sent" role="img" />
              <Button
                size="compact-xs"
                variant="light"
                loading={inviting === attendee.id}
                aria-label={`Send invitation to ${attendee.full_name}`}
                onClick={() => void invite(attendee)}
              >
                Send
              </Button>
            </Group>
          );
        },
      },
      {
        accessorKey: 'user_role',
        header: 'User Role',
        size: 106,
        Cell: ({ row }) => {
          const role = row.original.user_role;
          if (!role) return <Text size="sm" c="dimmed">No account</Text>;
          return (
            <Badge size="sm" color={role === 'administrator' ? 'amber' : 'grape'} c={role === 'administrator' ? 'navy.9' : undefined} variant="filled" tt="none">
              {role}
            </Badge>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 76,
        enableSorting: false,
        Cell: ({ row }) => (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${row.original.full_name}`} onClick={() => setEditing(row.original)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.original.full_name}`} onClick={() => setDeleting(row.original)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- invite reads the latest reload through the closure; columns change with the phone layout and the row being invited
    [phone, inviting],
  );

  const table = useMantineReactTable({
    ...serverTableOptions<AdminAttendee>({ totalItems, setSorting, setPagination }),
    columns,
    data: items,
    sortDescFirst: false,
    state: {
      sorting,
      pagination,
      isLoading: false,
      showLoadingOverlay: false,
      columnVisibility: { email: !phone, company: !phone, job_title: !phone, role: !phone, registration_status: !phone, user_role: !phone },
    },
    localization: { noRecordsToDisplay: T.empty },
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="xl">
        {loaded && !loading ? T.empty : '\u00a0'}
      </Text>
    ),
    mantineTableProps: { striped: true, highlightOnHover: true, 'aria-label': 'Attendees', 'aria-busy': loading },
    mantinePaperProps: { withBorder: false, shadow: undefined, radius: 0 },
    mantineTableContainerProps: { style: { minHeight: 120 } },
    // Nine columns fit beside the navigation at 1280 px: tighter padding, and text wraps.
    mantineTableHeadCellProps: { style: { padding: '10px 6px', verticalAlign: 'middle' } },
    mantineTableBodyCellProps: { style: { padding: '8px 6px', whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    mantineTableBodyRowProps: ({ row }) => ({
      onClick: () => setEditing(row.original),
      style: { cursor: 'pointer' },
    }),
    renderBottomToolbar: () => (
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="attendee-count">
          {T.showing(items.length, totalItems)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" component="label" htmlFor="attendee-page-size">
              Rows per page
            </Text>
            <Select
              id="attendee-page-size"
              w={80}
              size="xs"
              allowDeselect={false}
              data={ATTENDEE_PAGE_SIZES.map(String)}
              value={String(pagination.pageSize)}
              onChange={(value) => setPagination({ pageIndex: 0, pageSize: Number(value) })}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <Group component="nav" aria-label="Pages" gap={4} wrap="nowrap">
            <ActionIcon variant="default" size="md" aria-label="Previous page" disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)}>
              <IconChevronLeft size={16} />
            </ActionIcon>
            {pagerItems(pageNumber, pages).map((item) =>
              typeof item === 'number' ? (
                <Button
                  key={item}
                  size="compact-sm"
                  miw={32}
                  variant={item === pageNumber ? 'filled' : 'default'}
                  aria-current={item === pageNumber ? 'page' : undefined}
                  aria-label={`Page ${item}`}
                  onClick={() => goTo(item)}
                >
                  {item}
                </Button>
              ) : (
                <Text key={item} size="sm" c="dimmed" px={2} aria-hidden>
                  …
                </Text>
              ),
            )}
            <ActionIcon variant="default" size="md" aria-label="Next page" disabled={pageNumber >= pages} onClick={() => goTo(pageNumber + 1)}>
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
        </Group>
      </Group>
    ),
  });

  const setFilter = (key: keyof AttendeeFilters) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFilters((current) => ({ ...current, [key]: event.currentTarget.value }));

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            {T.title}
          </Title>
          <Text c="dimmed" mt={4}>
            Everyone registered for the chosen masterclass: edit their details, send account invitations, export the list.
          </Text>
        </div>
        <Button leftSection={<IconDownload size={18} />} onClick={() => void exportCsv()} loading={exporting} disabled={chosen.unknown}>
          {T.exportButton}
        </Button>
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
      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput label="Name" placeholder="Filter by name" leftSection={<IconSearch size={16} />} value={filters.name} onChange={setFilter('name')} />
          <TextInput label="Email" placeholder="Filter by email" value={filters.email} onChange={setFilter('email')} />
          <TextInput label="Company" placeholder="Filter by company" value={filters.company} onChange={setFilter('company')} />
        </SimpleGrid>
      </Paper>
      {chosen.unknown ? null : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} pos="relative">
          {loading && (
            <Box pos="absolute" top={56} left={0} right={0} ta="center" style={{ zIndex: 3, pointerEvents: 'none' }}>
              <Loader size="sm" aria-label="Loading attendees" />
            </Box>
          )}
          <MantineReactTable table={table} />
        </Paper>
      )}
      <EditAttendeeDialog
        attendee={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <DeleteAttendeeDialog
        attendee={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          // Deleting the last row of the last page steps back one page.
          if (items.length === 1 && pagination.pageIndex > 0) setPagination({ ...pagination, pageIndex: pagination.pageIndex - 1 });
          reload();
        }}
      />
    </Stack>
  );
}
