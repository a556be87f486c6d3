import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import responsive from '@/components/responsive.module.css';
import classes from './StatTile.module.css';

/**
 * One figure of the analytics: a label, the value, and a line of context. The
 * `attention` tone marks a figure that needs an administrator (an orange frame
 * and value; the words that say why are elsewhere on the card). In a grid, the
 * values of a row of tiles line up (StatTile.module.css).
 */
export function StatTile({
  id, label, ariaLabel, value, hint, tone = 'default',
}: { id: string; label: ReactNode; ariaLabel?: string; value: ReactNode; hint?: ReactNode; tone?: 'default' | 'attention' }) {
  const attention = tone === 'attention';
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      className={classes.tile}
      data-testid={`stat-${id}`}
      data-tone={tone}
      role="group"
      aria-label={ariaLabel ?? (typeof label === 'string' ? label : undefined)}
      style={attention ? { borderColor: 'var(--mantine-color-orange-5)', background: 'var(--mantine-color-orange-light)' } : undefined}
    >
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lh={1.3} component="div">
        {label}
      </Text>
      <Text fw={800} className={responsive.fontSizeLgXl} c={attention ? 'var(--mantine-color-orange-light-color)' : 'navy.9'} mt={4} data-testid={`stat-${id}-value`}>
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
