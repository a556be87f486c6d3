import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { eventPhase } from '@/lib/eventPhase';
import { formatEventWhen } from '@/lib/eventWhen';
import { LOCK_REFRESH_MS } from '../portalLock';
import { findMasterclass } from '../usePortalLock';
import { useNow } from '../useNow';
import { usePortalUser } from '../portalUser';
import { useTickets } from '../ticket/useTickets';

/**
 * During and after the masterclass (DESIGN decision 17): the portal says when
 * it was and that the tools stay available. Nothing before the start, where
 * the tool cards' own notes speak. A plain section, not an alert: nothing
 * here needs announcing.
 */
export function EventPhaseNote() {
  const event = useLiveQuery(findMasterclass);
  const now = useNow(LOCK_REFRESH_MS);
  const user = usePortalUser();
  const tickets = useTickets(user?.id ?? '');
  if (!event) return null;
  // Whether the door let this account in (its ticket for this masterclass): thanks only to those who came.
  const attended = tickets?.some((ticket) => ticket.eventId === event.id && ticket.attended) ?? false;
  const phase = eventPhase(event, now);
  if (phase !== 'happening' && phase !== 'past') return null;
  const when = formatEventWhen(event);
  return (
    <Paper component="section" aria-labelledby="event-phase-note" radius="md" p="md" bg="navy.0">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={32} radius="md" color="navy" variant="light" aria-hidden>
          <IconCalendarCheck size={20} />
        </ThemeIcon>
        <div>
          <Text id="event-phase-note" fw={700} c="navy.9">
            {phase === 'past' ? (attended ? 'Thank you for joining us' : 'The masterclass has taken place') : 'The masterclass is under way'}
          </Text>
          <Text size="sm" mt={4}>
            {phase === 'past'
              ? `The AI Champions Masterclass took place on ${when}. Your tools and the session materials stay available here after the event: keep building your assessment, business case and use cases.`
              : `The AI Champions Masterclass is on now (${when}). Your tools and the session materials stay available here after the event.`}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
