import { Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { LabelCount } from './overviewApi';
import { breakdownLabel, formatCount } from './format';

/** A count per label (attendees by role, by UTM source, by UTM medium) as bars. */
export function Breakdown({ id, title, rows, emptyLabel }: { id: string; title: string; rows: LabelCount[]; emptyLabel: string }) {
  const max = rows.reduce((largest, row) => Math.max(largest, row.count), 0);
  return (
    <Stack gap="xs" data-testid={`breakdown-${id}`} role="group" aria-label={title}>
      <Title order={3} size="h5" c="navy.9">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attendees yet.
        </Text>
      ) : (
        rows.map((row) => {
          const label = breakdownLabel(row.label, emptyLabel);
          return (
            <div key={row.label} data-testid={`breakdown-${id}-row`}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end" title={label} c={row.label.trim() === '' ? 'dimmed' : undefined}>
                  {label}
                </Text>
                <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                  {formatCount(row.count)}
                </Text>
              </Group>
              <Progress value={max === 0 ? 0 : (row.count / max) * 100} size="sm" color="navy.5" mt={4} aria-hidden />
            </div>
          );
        })
      )}
    </Stack>
  );
}
