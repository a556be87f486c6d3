// The top of the overview when something in the system health needs an
// administrator (healthAttention.ts, the same list System health shows with
// what to do): "Needs your attention (N)", the first SHOWN problems (the list's
// own order: mail, refunds, requests, jobs, backups) and how many more, and a
// link down to System health, where each says what to do. Short, so the
// figures below it stay on a phone's first screen. Nothing while all is well
// or not known yet.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { healthAttention } from './healthAttention';
import type { HealthState } from './useHealth';

/** The id of the System health card, which the banner's link scrolls to. */
export const SYSTEM_HEALTH_ID = 'system-health';

/** How many problems the banner names; the rest are counted. */
export const SHOWN = 2;

export function AttentionBanner({ state }: { state: HealthState }) {
  const items = state.data ? healthAttention(state.data) : [];
  if (items.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`Needs your attention (${items.length})`}
      data-testid="overview-attention"
      styles={{ title: { marginBottom: 4 } }}
    >
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="What needs attention">
        {items.slice(0, SHOWN).map((item) => (
          <Text component="li" key={item.id} size="sm" fw={600} lineClamp={3} style={{ overflowWrap: 'anywhere' }} data-testid="overview-attention-item">
            {item.title}
          </Text>
        ))}
        {items.length > SHOWN && (
          <Text component="li" size="sm" data-testid="overview-attention-more">
            and {items.length - SHOWN} more
          </Text>
        )}
      </Stack>
      <Anchor
        href={`#${SYSTEM_HEALTH_ID}`}
        size="sm"
        fw={700}
        mt={6}
        display="inline-block"
        onClick={(event) => {
          event.preventDefault();
          const card = document.getElementById(SYSTEM_HEALTH_ID);
          card?.scrollIntoView({ block: 'start' });
          card?.focus({ preventScroll: true });
        }}
      >
        What to do: see System health
      </Anchor>
    </Alert>
  );
}
