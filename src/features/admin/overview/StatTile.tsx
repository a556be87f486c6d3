import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of the analytics: a label, the value, and a line of context. */
export function StatTile({ id, label, value, hint }: { id: string; label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`stat-${id}`} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lh={1.3}>
        {label}
      </Text>
      <Text fw={800} fz={{ base: 'lg', sm: 'xl' }} c="navy.9" mt={4} data-testid={`stat-${id}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
    </Paper>
  );
}
