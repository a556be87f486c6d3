// Manage Use Cases (spec "Admin area"): filters by title, industry and AI
// technique (applied after a 300 ms pause, back to page 1), a table sorted on
// the server (default title ascending; a header click sorts ascending, a
// second descending), page sizes 5/10/20/50, 'Showing {n} of {total} use
// cases' and 'Page {x} of {y}' with Previous/Next. 'Add Use Case', a row click
// and Edit open the one use case form; Delete asks first.
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon, Box, Button, Group, Loader, Paper, Stack, Text, TextInput, Title, Tooltip,
} from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_SortingState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { RowsPerPage } from '../RowsPerPage';
import { ROW_HOVER_VARS, serverTableOptions } from '../serverTableOptions';
import { AiDraftingStatus } from './AiDraftingStatus';
import { DeleteUseCaseDialog } from './DeleteUseCaseDialog';
import { UseCaseFormDialog } from './UseCaseFormDialog';
import { DEFAULT_USE_CASE_PAGE_SIZE, FILTER_DEBOUNCE_MS, USE_CASE_PAGE_SIZES, UseCaseAdminTexts as T } from './texts';
import type { AdminUseCase, UseCaseFilters, UseCaseSortField } from './useCaseAdminApi';
import { useUseCasePage } from './useUseCasePage';

const NO_FILTERS: UseCaseFilters = { title: '', industry: '', aiTechnique: '' };
const SORTABLE: readonly UseCaseSortField[] = ['title', 'industry', 'ai_technique', 'domain'];
const DEFAULT_SORT = { id: 'title', desc: false };
const DEFAULT_SORTING: MRT_SortingState = [DEFAULT_SORT];

export interface UseCasesAdminPageProps {
  /** Open the add form at once (the overview's 'Add New Use Case' links here with ?new=1). */
  startAdding?: boolean;
  /** Called once the add form opened from the URL, so a reload does not open it again. */
  onStartedAdding?: () => void;
}

export function UseCasesAdminPage({ startAdding = false, onStartedAdding }: UseCasesAdminPageProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [filters, setFilters] = useState<UseCaseFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<UseCaseFilters>(NO_FILTERS);
  const [sorting, setSorting] = useState<MRT_SortingState>(DEFAULT_SORTING);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: DEFAULT_USE_CASE_PAGE_SIZE });
  const [formOpened, setFormOpened] = useState(startAdding);
  const [editing, setEditing] = useState<AdminUseCase | null>(null);
  const [deleting, setDeleting] = useState<AdminUseCase | null>(null);

  // Filters apply after a pause in typing, and from page 1.
  const applyFilters = useDebouncedCallback((next: UseCaseFilters) => {
    setApplied(next);
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  }, FILTER_DEBOUNCE_MS);

  // The add form opened from the URL (initial state above); the URL forgets it.
  useEffect(() => {
    if (startAdding) onStartedAdding?.();
  }, [startAdding, onStartedAdding]);

  const sort = sorting[0] ?? DEFAULT_SORT;
  const field = (SORTABLE as readonly string[]).includes(sort.id) ? (sort.id as UseCaseSortField) : 'title';
  const { items, totalItems, totalPages, loading, reload } = useUseCasePage({
    page: pagination.pageIndex + 1,
    perPage: pagination.pageSize,
    filters: applied,
    sort: { field, desc: sort.desc },
  });
  const pages = Math.max(totalPages, 1);
  const pageNumber = Math.min(pagination.pageIndex + 1, pages);

  const openAdd = () => {
    setEditing(null);
    setFormOpened(true);
  };
  const openEdit = (useCase: AdminUseCase) => {
    setEditing(useCase);
    setFormOpened(true);
  };

  const columns = useMemo<MRT_ColumnDef<AdminUseCase>[]>(
    () => [
      {
        accessorKey: 'title',
        header: 'Title',
        size: phone ? 240 : 280,
        Cell: ({ row }) => (
          <>
            <Text fw={600} size="sm" lineClamp={2}>
              {row.original.title}
            </Text>
            {/* on a phone the industry rides under the title */}
            {phone && row.original.industry && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {row.original.industry}
              </Text>
            )}
          </>
        ),
      },
      { accessorKey: 'industry', header: 'Industry', size: 150 },
      { accessorKey: 'ai_technique', header: 'AI Technique', size: 200 },
      { accessorKey: 'domain', header: 'Domain', size: 200 },
      {
        id: 'actions',
        header: 'Actions',
        size: phone ? 96 : 110,
        enableSorting: false,
        Cell: ({ row }) => (
          <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" aria-label={`Edit ${row.original.title}`} onClick={() => openEdit(row.original)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.original.title}`} onClick={() => setDeleting(row.original)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
      },
    ],
    [phone],
  );

  const table = useMantineReactTable({
    ...serverTableOptions<AdminUseCase>({ totalItems, setSorting, setPagination }),
    columns,
    data: items,
    state: {
      sorting,
      pagination,
      isLoading: loading && items.length === 0,
      showLoadingOverlay: loading && items.length > 0,
      columnVisibility: { industry: !phone, ai_technique: !phone, domain: !phone },
    },
    localization: { noRecordsToDisplay: T.empty },
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="xl">
        {T.empty}
      </Text>
    ),
    mantineTableProps: { striped: true, highlightOnHover: true, 'aria-label': 'Use cases', __vars: ROW_HOVER_VARS },
    mantinePaperProps: { withBorder: false, shadow: undefined, radius: 0 },
    mantineTableBodyRowProps: ({ row }) => ({
      onClick: () => openEdit(row.original),
      style: { cursor: 'pointer' },
    }),
    renderBottomToolbar: () => (
      <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {T.showing(items.length, totalItems)}
        </Text>
        <Group gap="sm" wrap="wrap">
          <RowsPerPage
            id="use-case-page-size"
            width={76}
            sizes={USE_CASE_PAGE_SIZES}
            value={pagination.pageSize}
            onChange={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
          />
          <Group gap={6} wrap="nowrap">
            <Button
              size="xs"
              variant="default"
              disabled={pageNumber <= 1}
              onClick={() => setPagination((current) => ({ ...current, pageIndex: current.pageIndex - 1 }))}
            >
              Previous
            </Button>
            <Text size="sm" miw={86} ta="center">
              {T.page(pageNumber, pages)}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={pageNumber >= pages}
              onClick={() => setPagination((current) => ({ ...current, pageIndex: current.pageIndex + 1 }))}
            >
              Next
            </Button>
          </Group>
        </Group>
      </Group>
    ),
  });

  const setFilter = (key: keyof UseCaseFilters) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...filters, [key]: event.currentTarget.value };
    setFilters(next);
    applyFilters(next);
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            {T.title}
          </Title>
          <Text c="dimmed" mt={4}>
            The library attendees browse in the portal. Changes reach their devices as they sync.
          </Text>
          <AiDraftingStatus />
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
          {T.addButton}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Title"
            placeholder="Filter by title"
            leftSection={<IconSearch size={16} />}
            value={filters.title}
            onChange={setFilter('title')}
          />
          <TextInput label="Industry" placeholder="Filter by industry" value={filters.industry} onChange={setFilter('industry')} />
          <TextInput label="AI technique" placeholder="Filter by AI technique" value={filters.aiTechnique} onChange={setFilter('aiTechnique')} />
        </ResponsiveGrid>
      </Paper>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} pos="relative">
        {loading && items.length === 0 && (
          <Box pos="absolute" top={56} left={0} right={0} ta="center" style={{ zIndex: 2 }}>
            <Loader size="sm" aria-label="Loading use cases" />
          </Box>
        )}
        <MantineReactTable table={table} />
      </Paper>
      <UseCaseFormDialog
        opened={formOpened}
        editing={editing}
        onClose={() => setFormOpened(false)}
        onSaved={() => {
          setFormOpened(false);
          reload();
        }}
      />
      <DeleteUseCaseDialog
        useCase={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          // deleting the only row of the last page steps back one page
          if (items.length === 1 && pagination.pageIndex > 0) setPagination((current) => ({ ...current, pageIndex: current.pageIndex - 1 }));
          reload();
        }}
      />
    </Stack>
  );
}
