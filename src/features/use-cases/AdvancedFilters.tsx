import { memo } from 'react';
import { Button, Chip, Drawer, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FacetCounts } from './filterUseCases';
import type { FilterKey } from './librarySearch';
import { ADOPTION_LEVELS, FILTER_GROUPS } from './useCaseFields';

interface AdvancedFiltersProps {
  opened: boolean;
  onClose: () => void;
  chosen: Partial<Record<FilterKey, string[]>>;
  counts: FacetCounts;
  shownCount: number;
  onChange: (key: FilterKey, values: string[]) => void;
  onClear: () => void;
}

/** Each value of a group with its count, most common first; chosen values stay listed even at 0. */
function options(counts: Map<string, number>, chosen: string[], order?: readonly string[]) {
  const values = new Set([...counts.keys(), ...chosen]);
  const sorted = order
    ? [...order.filter((value) => values.has(value)), ...[...values].filter((value) => !order.includes(value)).sort()]
    : [...values].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
  return sorted.map((value) => {
    const count = counts.get(value) ?? 0;
    return { value, label: `${value} (${count})`, disabled: count === 0 && !chosen.includes(value) };
  });
}

export const resultsLabel = (count: number) => `Show ${count} ${count === 1 ? 'use case' : 'use cases'}`;

/** 'Advanced Filters': adoption level, business function, AI technique and tags, each value counted. */
export const AdvancedFilters = memo(function AdvancedFilters({ opened, onClose, chosen, counts, shownCount, onChange, onClear }: AdvancedFiltersProps) {
  const phone = useMediaQuery('(max-width: 767px)');
  return (
    <Drawer opened={opened} onClose={onClose} title="Advanced Filters" position={phone ? 'bottom' : 'right'} size={phone ? '90%' : 'md'}>
      <Stack gap="lg">
        {FILTER_GROUPS.map((group) => {
          const values = chosen[group.key] ?? [];
          if (group.key === 'adoption') {
            return (
              <Stack gap={6} key={group.key} role="group" aria-label={group.label}>
                <Text size="sm" fw={500}>{group.label}</Text>
                <Chip.Group multiple value={values} onChange={(next) => onChange(group.key, next)}>
                  <Group gap="xs">
                    {options(counts.adoption, values, ADOPTION_LEVELS).map((option) => (
                      <Chip key={option.value} value={option.value} disabled={option.disabled} size="sm">
                        {option.label}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </Stack>
            );
          }
          return (
            <MultiSelect
              key={group.key}
              label={group.label}
              placeholder={values.length === 0 ? 'Any' : undefined}
              data={options(counts[group.key], values)}
              value={values}
              onChange={(next) => onChange(group.key, next)}
              searchable
              clearable
              limit={100}
              nothingFoundMessage="Nothing found"
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
        <Group justify="space-between">
          <Button variant="subtle" onClick={onClear}>Clear Filters</Button>
          <Button onClick={onClose}>{resultsLabel(shownCount)}</Button>
        </Group>
      </Stack>
    </Drawer>
  );
});
