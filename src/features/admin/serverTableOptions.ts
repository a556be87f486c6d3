// What every admin table shares: mantine-react-table driven by the server
// (paging, sorting and filtering are asked of PocketBase), with one column
// sorted at a time, never "unsorted", and back to page 1 whenever the order
// changes; the page's own filters and pager replace the library's toolbars.
import type { Dispatch, SetStateAction } from 'react';
import type { MRT_PaginationState, MRT_SortingState, MRT_TableOptions, MRT_RowData } from 'mantine-react-table';

interface ServerTableState {
  totalItems: number;
  setSorting: Dispatch<SetStateAction<MRT_SortingState>>;
  setPagination: Dispatch<SetStateAction<MRT_PaginationState>>;
}

export function serverTableOptions<Row extends MRT_RowData>({ totalItems, setSorting, setPagination }: ServerTableState): Partial<MRT_TableOptions<Row>> {
  return {
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: totalItems,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableTopToolbar: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    onSortingChange: (updater) => {
      setSorting((current) => {
        const next = typeof updater === 'function' ? updater(current) : updater;
        return next.length ? next : current;
      });
      setPagination((current) => ({ ...current, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
  };
}
