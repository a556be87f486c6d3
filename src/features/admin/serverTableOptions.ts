// What every admin table shares: mantine-react-table driven by the server
// (paging, sorting and filtering are asked of PocketBase), with one column
// sorted at a time, never "unsorted", and back to page 1 whenever the order
// changes; the page's own filters and pager replace the library's toolbars.
import type { Dispatch, SetStateAction } from 'react';
import type { MRT_PaginationState, MRT_SortingState, MRT_TableOptions, MRT_RowData } from 'mantine-react-table';

/**
 * A hovered row's background, light enough that dimmed text on it still reads at 4.5:1
 * (mantine-react-table darkens a striped row by 12 % on hover: #d5d5d5, where the dimmed
 * grey reads 3.9:1). Given to the table element, under the library's own values on its frame.
 */
export const ROW_HOVER_VARS = {
  '--mrt-row-hover-background-color': '#eef1f5',
  '--mrt-striped-row-hover-background-color': '#eef1f5',
} as const;

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
