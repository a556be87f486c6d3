// The attendee table: the page of attendees the list loaded, sorted and paged
// by the server (serverTableOptions), the spec's columns (on a phone: the name
// with email and status), a spinner while loading and the pager at its foot.
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

export function AttendeeTable({ list, ...columnOptions }: { list: AttendeeList } & AttendeeColumnOptions) {
  const { phone, onEdit } = columnOptions;
  const { items, totalItems, loading, loaded, sorting, setSorting, pagination, setPagination } = list;
  const columns = useAttendeeColumns(columnOptions);
  const table = useMantineReactTable<AdminAttendee>({
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
