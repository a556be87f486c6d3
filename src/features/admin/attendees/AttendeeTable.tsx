// The attendee table: the page of attendees the list loaded, sorted and paged
// by the server (serverTableOptions), the spec's columns and the table's own
// (on a phone: the name with email, status, check-in and payment), a spinner
// while loading and the pager at its foot.
// A row click opens the attendee for editing.
import { Box, Loader, Paper, Text } from '@mantine/core';
import { MantineReactTable, useMantineReactTable } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { serverTableOptions } from '../serverTableOptions';
import { useAttendeeColumns, type AttendeeColumnOptions } from './attendeeColumns';
import type { AdminAttendee } from './attendeesApi';
import { AttendeePager } from './AttendeePager';
import { AttendeeAdminTexts as T } from './texts';
import type { AttendeeList } from './useAttendeeList';

const PINNED = { backgroundColor: 'var(--mantine-color-white)', opacity: 1 } as const;

export function AttendeeTable({ list, ...columnOptions }: { list: AttendeeList } & AttendeeColumnOptions) {
  const { phone, onEdit } = columnOptions;
  const { items, totalItems, loading, loaded, sorting, setSorting, pagination, setPagination } = list;
  const columns = useAttendeeColumns(columnOptions);
  const table = useMantineReactTable<AdminAttendee>({
    ...serverTableOptions<AdminAttendee>({ totalItems, setSorting, setPagination }),
    columns,
    data: items,
    sortDescFirst: false,
    // The name and the actions stay in view while the other columns scroll sideways.
    enableColumnPinning: true,
    enableColumnActions: false,
    state: {
      // (a phone shows three columns, which fit)
      columnPinning: phone ? {} : { left: ['full_name'], right: ['actions'] },
      sorting,
      pagination,
      isLoading: false,
      showLoadingOverlay: false,
      columnVisibility: {
        email: !phone, company: !phone, job_title: !phone, role: !phone, registration_status: !phone, user_role: !phone,
        checked_in_at: !phone, amount_paid_cents: !phone, refund_cents: !phone, created: !phone,
      },
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
    // Thirteen columns beside the navigation at 1280 px: tighter padding, text wraps, and the table scrolls sideways
    // within its frame (never the page) when the columns need more room than there is.
    // Pinned cells are opaque, so the columns scrolling beneath them never show through.
    mantineTableHeadCellProps: ({ column }) => ({ style: { padding: '10px 6px', verticalAlign: 'middle', ...(column.getIsPinned() ? PINNED : {}) } }),
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
      {loading && (
        <Box pos="absolute" top={56} left={0} right={0} ta="center" style={{ zIndex: 3, pointerEvents: 'none' }}>
          <Loader size="sm" aria-label="Loading attendees" />
        </Box>
      )}
      <MantineReactTable table={table} />
    </Paper>
  );
}
