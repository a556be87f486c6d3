// 'Rows per page' at the foot of an admin table: a labelled choice of page
// sizes; choosing one goes back to the first page (the caller's onChange).
import { Group, Select, Text } from '@mantine/core';

export interface RowsPerPageProps {
  /** The select's id, for its label. */
  id: string;
  width: number;
  sizes: readonly number[];
  value: number;
  onChange: (pageSize: number) => void;
}

export function RowsPerPage({ id, width, sizes, value, onChange }: RowsPerPageProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" component="label" htmlFor={id}>
        Rows per page
      </Text>
      <Select
        id={id}
        w={width}
        size="xs"
        allowDeselect={false}
        data={sizes.map(String)}
        value={String(value)}
        onChange={(next) => onChange(Number(next))}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
