import { createElement, memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Badge, Button, Card, Center, Group, Loader, Pill, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconAdjustmentsHorizontal, IconSparkles } from '@tabler/icons-react';
import type { AiUseCaseRow } from '@/db';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { useStoredData } from '@/components/stored-data/useStoredData';
import { Collections } from '@/lib/collections';
import { AdvancedFilters } from './AdvancedFilters';
import { facetCounts, industriesOf, type FacetCounts, type LibraryFilters } from './filterUseCases';
import { activeFilterCount, FILTER_KEYS, withoutFilters, type FilterKey, type UseCaseLibrarySearch } from './librarySearch';
import { SavedUseCaseList } from './SavedUseCaseList';
import { SearchBox, useSearchText } from './SearchBox';
import { IndustryChips } from './IndustryChips';
import { UseCaseGrid } from './UseCaseGrid';
import { UseCaseDetailDialog } from './UseCaseDetailDialog';
import { FILTER_GROUPS } from './useCaseFields';
import { useSavedUseCases } from './useSavedUseCases';
import { useLatestCallback } from './useLatestCallback';
import { useUseCaseCollection, useUseCaseResults } from './useUseCaseLibrary';

/** The tabs switch the one panel below them (the chosen view only): no aria-controls pointing at a panel not in the page. */
const tabWithoutPanel = (props: Record<string, unknown>) =>
  createElement('button', Object.fromEntries(Object.entries(props).filter(([name]) => name !== 'aria-controls')));

/** The tabs' id: each tab's is `${VIEW_TABS}-tab-<value>` (Mantine's), which names the panel below them. */
const VIEW_TABS = 'use-case-views';

const NO_COUNTS: FacetCounts = { adoption: new Map(), fn: new Map(), technique: new Map(), tags: new Map() };

export type SearchChange = (next: UseCaseLibrarySearch, options?: { replace?: boolean }) => void;

interface UseCaseLibraryProps {
  owner: string;
  search: UseCaseLibrarySearch;
  onSearchChange: SearchChange;
}

export const availableLabel = (count: number) => `${count} ${count === 1 ? 'Use Case' : 'Use Cases'} Available`;

/** An empty library is true only once the device has pulled the use cases. */
const LIBRARY_COLLECTIONS = [Collections.aiUseCases] as const;

export function UseCaseLibrary({ owner, search, onSearchChange }: UseCaseLibraryProps) {
  const stored = useStoredData(useUseCaseCollection(), LIBRARY_COLLECTIONS, (library) => library.rows.length === 0);
  const collection = stored.status === 'ready' ? stored.data : undefined;
  const saved = useSavedUseCases(owner);
  const [text, setText, change] = useSearchText(search, onSearchChange);
  const filters: LibraryFilters = { industry: search.industry, adoption: search.adoption, fn: search.fn, technique: search.technique, tags: search.tags };
  const results = useUseCaseResults(collection, text, filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [opened, setOpened] = useState<AiUseCaseRow | null>(null);

  // A keystroke renders the search box and the count line at once; everything
  // else keeps its props (handlers that read the latest view when called), so
  // it is skipped, and the cards (or the empty state) and facet counts follow
  // as soon as there is time. While the cards lag behind a count that has
  // results (the library just arrived), a loader shows, never the empty state.
  const shown = useDeferredValue(results.shown);
  const terms = useDeferredValue(results.terms);
  const found = useDeferredValue(results.found);
  const industries = useMemo(() => (collection ? industriesOf(collection.rows) : []), [collection]);
  const { industry, adoption, fn, technique, tags } = search;
  const counts = useMemo(
    () => (filtersOpen ? facetCounts(found, { industry, adoption, fn, technique, tags }) : NO_COUNTS),
    [filtersOpen, found, industry, adoption, fn, technique, tags],
  );

  const view = search.view ?? 'library';
  const advancedCount = FILTER_KEYS.reduce((sum, key) => sum + (search[key]?.length ?? 0), 0);
  const clearFilters = useLatestCallback(() => {
    setText('');
    onSearchChange(withoutFilters(search), { replace: true });
  });
  const setFilter = useLatestCallback((key: FilterKey, values: string[]) => change({ [key]: values.length > 0 ? values : undefined }));
  const removeFilter = useLatestCallback((key: FilterKey, value: string) => setFilter(key, (search[key] ?? []).filter((item) => item !== value)));
  const chooseIndustry = useLatestCallback((next: string | undefined) => change({ industry: next }));
  const chooseView = useLatestCallback((next: string | null) => onSearchChange({ ...search, view: next === 'saved' ? 'saved' : undefined }));
  const openFilters = useCallback(() => setFiltersOpen(true), []);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const closeDetails = useCallback(() => setOpened(null), []);

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <LibraryHeader />
      <LibraryTabs view={view} savedCount={saved?.rows.length ?? 0} onChange={chooseView} />

      {/* The chosen tab's panel: the tabs switch what shows here (the tab names it). */}
      <div role="tabpanel" id={`${VIEW_TABS}-panel`} aria-labelledby={`${VIEW_TABS}-tab-${view}`}>
      {stored.status === 'needs-connection' ? (
        <NeedsConnection message="The use case library needs a connection to load the first time." state={stored} />
      ) : !collection || !saved ? (
        <Center py="xl"><Loader aria-label="Loading use cases" /></Center>
      ) : view === 'saved' ? (
        <SavedUseCaseList saved={saved.rows} library={collection.byId} onOpen={setOpened} />
      ) : (
        <Stack gap="md">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <SearchBox value={text} onChange={setText} />
            <AdvancedFiltersButton chosenCount={advancedCount} onClick={openFilters} />
          </Group>

          <IndustryChips industries={industries} chosen={search.industry} onChoose={chooseIndustry} />

          <ChosenFilters search={search} onRemove={removeFilter} />

          <Text fw={600} c="navy.9" role="status" data-query={text}>
            {availableLabel(results.shown.length)}
          </Text>

          {shown.length === 0 && results.shown.length > 0 ? (
            // the results are known (counted above) and the cards not drawn yet: never "no results" meanwhile
            <Center py="xl"><Loader aria-label="Loading use cases" /></Center>
          ) : shown.length === 0 ? (
            <Card withBorder radius="md" padding="xl">
              <Stack align="center" gap="sm">
                <Text c="gray.7">
                  {collection.rows.length === 0 ? 'No use cases on this device yet: they arrive with the next sync.' : 'No use cases matching your criteria.'}
                </Text>
                {activeFilterCount(search) + (text.trim() ? 1 : 0) > 0 && <Button variant="light" onClick={clearFilters}>Clear Filters</Button>}
              </Stack>
            </Card>
          ) : (
            <UseCaseGrid shown={shown} terms={terms} owner={owner} savedIds={saved.useCaseIds} onOpen={setOpened} />
          )}
        </Stack>
      )}
      </div>

      <AdvancedFilters
        opened={filtersOpen}
        onClose={closeFilters}
        chosen={search}
        counts={counts}
        // Only read while the drawer is open: typing in the search box leaves a closed drawer alone.
        shownCount={filtersOpen ? results.shown.length : 0}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <UseCaseDetailDialog
        useCase={opened}
        terms={opened ? results.terms.get(opened.id) : undefined}
        owner={owner}
        saved={opened ? (saved?.useCaseIds.has(opened.id) ?? false) : false}
        onClose={closeDetails}
      />
    </Stack>
  );
}

const LibraryHeader = memo(function LibraryHeader() {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} maw={720}>
        <Title order={1} size="h2" c="navy.9">Use Case Generator</Title>
        <Text c="gray.7">
          Explore real AI use cases from organisations like yours. Search the library, narrow it by industry, adoption
          level, business function or technique, and save the ones worth a business case.
        </Text>
      </Stack>
      <Button component={Link} to="/dashboard/use-case-generator/custom" color="amber" c="navy.9" leftSection={<IconSparkles size={18} />}>
        Generate Custom Use Case
      </Button>
    </Group>
  );
});

const LibraryTabs = memo(function LibraryTabs({ view, savedCount, onChange }: { view: string; savedCount: number; onChange: (next: string | null) => void }) {
  return (
    <Tabs id={VIEW_TABS} value={view} onChange={onChange} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="library" renderRoot={tabWithoutPanel}>Library</Tabs.Tab>
        <Tabs.Tab value="saved" renderRoot={tabWithoutPanel} rightSection={savedCount > 0 ? <Badge size="sm" variant="light" circle>{savedCount}</Badge> : undefined}>
          My use cases
        </Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
});

const AdvancedFiltersButton = memo(function AdvancedFiltersButton({ chosenCount, onClick }: { chosenCount: number; onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconAdjustmentsHorizontal size={18} />}
      rightSection={chosenCount > 0 ? <Badge size="sm" circle>{chosenCount}</Badge> : undefined}
      onClick={onClick}
      aria-label={chosenCount > 0 ? `Advanced Filters (${chosenCount} chosen)` : 'Advanced Filters'}
      px="sm"
    >
      <Text span visibleFrom="sm" inherit>Advanced Filters</Text>
    </Button>
  );
});

/** The Advanced Filters chosen, each removable. */
const ChosenFilters = memo(function ChosenFilters({ search, onRemove }: { search: UseCaseLibrarySearch; onRemove: (key: FilterKey, value: string) => void }) {
  const chosen = FILTER_GROUPS.flatMap((group) => (search[group.key] ?? []).map((value) => ({ key: group.key, label: group.label, value })));
  if (chosen.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label="Chosen filters">
      {chosen.map(({ key, label, value }) => (
        <Pill key={`${key}:${value}`} withRemoveButton onRemove={() => onRemove(key, value)} removeButtonProps={{ 'aria-label': `Remove filter ${label}: ${value}`, 'aria-hidden': false, tabIndex: 0 }}>
          {value}
        </Pill>
      ))}
    </Group>
  );
});
