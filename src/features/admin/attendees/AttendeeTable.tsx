// The attendee table: the page of attendees the list loaded, sorted and paged
// by the server (serverTableOptions), a spinner while loading and the pager at
// its foot. At 1280 px the columns that matter fit without sideways
// scrolling (DEFAULT_COLUMNS: name with the email under it, company, status,
// invitation, check-in, paid, refund, registered, actions); Email, Job
// Title, Role and User Role are a click away in the column menu ('Show or
// hide columns', remembered in this browser). On a phone: the name with
// email, status, check-in and payment, the invitation and the actions.
// A row click opens the attendee for editing.
import { Box, Group, Loader, Paper, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { MantineReactTable, MRT_ShowHideColumnsButton, useMantineReactTable, type MRT_VisibilityState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { ROW_HOVER_VARS, serverTableOptions } from '../serverTableOptions';
import { useAttendeeColumns, type AttendeeColumnOptions } from './attendeeColumns';
import type { AdminAttendee } from './attendeesApi';
import { AttendeePager } from './AttendeePager';
import { AttendeeAdminTexts as T } from './texts';
import type { AttendeeList } from './useAttendeeList';

const PINNED = { backgroundColor: 'var(--mantine-color-white)', opacity: 1 } as const;

/** The columns shown until the administrator picks others in the column menu. */
export const DEFAULT_COLUMNS: MRT_VisibilityState = { email: false, job_title: false, role: false, user_role: false };
/** On a phone: the name (with email, status, check-in and payment under it), the invitation and the actions. */
const PHONE_COLUMNS: MRT_VisibilityState = {
  email: false, company: false, job_title: false, role: false, registration_status: false, user_role: false,
  checked_in_at: false, amount_paid_cents: false, refund_cents: false, created: false,
};

/**
 * Until the first page arrives: the table's frame and a loader. The table itself is drawn
 * once, with its rows (drawing it empty first cost as much as drawing it full, on a slow phone
 * several hundred milliseconds).
 */
function FirstLoad() {
  return (
    <Paper withBorder radius="md" pos="relative" mih={240} data-testid="attendee-table-loading">
      <Box ta="center" pt={56}>
        <Loader size="sm" aria-label="Loading attendees" />
      </Box>
    </Paper>
  );
}

export function AttendeeTable(props: { list: AttendeeList } & AttendeeColumnOptions) {
  const { loading, loaded } = props.list;
  return !loaded && loading ? <FirstLoad /> : <LoadedTable {...props} />;
}

function LoadedTable({ list, ...columnOptions }: { list: AttendeeList } & AttendeeColumnOptions) {
  const { phone, onEdit } = columnOptions;
  const { items, totalItems, loading, loaded, sorting, setSorting, pagination, setPagination } = list;
  const [chosenColumns, setChosenColumns] = useLocalStorage<MRT_VisibilityState>({
    key: 'masterclass-admin-attendee-columns', defaultValue: DEFAULT_COLUMNS, getInitialValueInEffect: false,
  });
  const columnVisibility = phone ? PHONE_COLUMNS : { ...DEFAULT_COLUMNS, ...chosenColumns };
  const columns = useAttendeeColumns({ ...columnOptions, emailUnderName: phone || columnVisibility.email === false });
  const table = useMantineReactTable<AdminAttendee>({
    ...serverTableOptions<AdminAttendee>({ totalItems, setSorting, setPagination }),
    columns,
    data: items,
    sortDescFirst: false,
    // The name and the actions stay in view while the other columns scroll sideways.
    enableColumnPinning: true,
    enableColumnActions: false,
    // the column menu (phones keep their three columns)
    enableHiding: !phone,
    onColumnVisibilityChange: (updater) => {
      if (phone) return;
      setChosenColumns((current) => (typeof updater === 'function' ? updater({ ...DEFAULT_COLUMNS, ...current }) : updater));
    },
    state: {
      // (a phone shows three columns, which fit)
      columnPinning: phone ? {} : { left: ['full_name'], right: ['actions'] },
      sorting,
      pagination,
      isLoading: false,
      showLoadingOverlay: false,
      columnVisibility,
    },
    localization: { noRecordsToDisplay: T.empty },
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="xl">
        {loaded && !loading ? T.empty : '\u00a0'}
      </Text>
    ),
    mantineTableProps: { striped: true, highlightOnHover: true, 'aria-label': 'Attendees', 'aria-busy': loading, __vars: ROW_HOVER_VARS },
    mantinePaperProps: { withBorder: false, shadow: undefined, radius: 0 },
    mantineTableContainerProps: { style: { minHeight: 120 } },
    // Nine columns beside the navigation at 1280 px fit; with more chosen in the column menu the table scrolls sideways
    // within its frame (never the page), tighter padding, text wraps.
    // Pinned cells are opaque, so the columns scrolling beneath them never show through.
    mantineTableHeadCellProps: ({ column }) => ({ style: { padding: '10px 4px', verticalAlign: 'middle', ...(column.getIsPinned() ? PINNED : {}) } }),
    mantineTableBodyCellProps: ({ column }) => ({
      style: { padding: '8px 6px', whiteSpace: 'normal', overflowWrap: 'anywhere', ...(column.getIsPinned() ? PINNED : {}) },
    }),
    mantineTableBodyRowProps: ({ row }) => ({
      onClick: () => onEdit(row.original),
      style: { cursor: 'pointer' },
    }),
    renderBottomToolbar: () => (
      <AttendeePager
        shown={items.length}
        total={totalItems}
        pageSize={pagination.pageSize}
        onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
        pageNumber={list.pageNumber}
        pages={list.pages}
        goTo={list.goTo}
      />
    ),
  });
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} pos="relative">
      {!phone && (
        <Group justify="flex-end" px="sm" pt={6} pb={2}>
          <MRT_ShowHideColumnsButton table={table} title="Show or hide columns" aria-label="Show or hide columns" />
        </Group>
      )}
      {loading && (
        <Box pos="absolute" top={56} left={0} right={0} ta="center" style={{ zIndex: 3, pointerEvents: 'none' }}>
          <Loader size="sm" aria-label="Loading attendees" />
        </Box>
      )}
      <MantineReactTable table={table} />
    </Paper>
  );
}
