// A list of entries (stakeholders, cost lines, risks, milestones): one row of
// inputs each, with Remove, and an Add button up to the list limit.
import { ActionIcon, Button, Card, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CASE_LIMITS } from '../caseFields';
import { NUMBER_RULES } from '../caseForm';
import type { StepProps } from '../caseFormTypes';
import { AmountInput } from './fieldInputs';

type ListPath = 'stakeholders' | 'one_off_costs' | 'running_costs' | 'risk_items' | 'milestones';

export interface ItemColumn {
  key: string;
  label: string;
  kind?: 'text' | 'amount' | 'month';
  placeholder?: string;
  /** Share of the row on wide screens. */
  grow?: number;
}

interface ItemListProps extends StepProps {
  path: ListPath;
  /** The entry's name for people: "stakeholder", "cost". */
  noun: string;
  columns: ItemColumn[];
  empty: Record<string, string | number>;
  emptyText: string;
}

export function ItemList({ form, errors, path, noun, columns, empty, emptyText }: ItemListProps) {
  const items = form.values[path] as Record<string, unknown>[];
  const full = items.length >= CASE_LIMITS.listMax;
  return (
    <Stack gap="sm">
      {items.length === 0 && <Text c="dimmed" size="sm">{emptyText}</Text>}
      {items.map((_, index) => (
        <Card key={index} withBorder padding="sm" radius="md" aria-label={`${noun} ${index + 1}`} role="group">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Group align="flex-start" gap="sm" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
              {columns.map((column) => {
                const inputPath = `${path}.${index}.${column.key}`;
                const common = {
                  label: column.label,
                  placeholder: column.placeholder,
                  style: { flex: `${column.grow ?? 1} 1 ${column.kind === 'text' || !column.kind ? 180 : 120}px` },
                  ...form.getInputProps(inputPath),
                  error: errors[inputPath],
                };
                if (column.kind === 'amount') return <AmountInput key={column.key} {...common} />;
                if (column.kind === 'month') {
                  return <NumberInput key={column.key} min={0} max={NUMBER_RULES.month.max} clampBehavior="none" allowDecimal={false} {...common} />;
                }
                return <TextInput key={column.key} maxLength={CASE_LIMITS.itemTextMax} {...common} />;
              })}
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mt={24}
              aria-label={`Remove ${noun} ${index + 1}`}
              onClick={() => form.removeListItem(path, index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Card>
      ))}
      {errors[path] && <Text c="red" size="sm" role="alert">{errors[path]}</Text>}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={full} onClick={() => form.insertListItem(path, { ...empty })}>
          Add {noun}
        </Button>
        {full && <Text size="sm" c="dimmed">At most {CASE_LIMITS.listMax} entries.</Text>}
      </Group>
    </Stack>
  );
}
