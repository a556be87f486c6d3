// Speakers (admin area): the line-up of each masterclass, as the landing page
// shows it when that masterclass is featured. Add, edit (with a photo resized in
// the browser), reorder and remove speakers; a new masterclass starts with a copy
// of the line-up it was created from.
import { useEffect, useState } from 'react';
import { ActionIcon, Avatar, Button, Group, Loader, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { formatEventWhen } from '@/lib/eventWhen';
import { aheadOfTime, type AdminEventRow } from '../event/eventAdminApi';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { SpeakerFormDialog } from './SpeakerFormDialog';
import { deleteSpeaker, fetchSpeakers, photoUrl, swapOrder, type AdminSpeaker } from './speakersAdminApi';

const eventLabel = (event: AdminEventRow) => `${formatEventWhen(event).split(',')[0] ?? event.starts_at}${event.published ? '' : ' (draft)'}`;

export function SpeakersAdminPage() {
  const [events, setEvents] = useState<AdminEventRow[] | null>(null);
  const [eventId, setEventId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ eventId: string; rows: AdminSpeaker[] } | null>(null);
  const speakers = loaded !== null && loaded.eventId === eventId ? loaded.rows : null;
  const [editing, setEditing] = useState<{ speaker: AdminSpeaker | null } | null>(null);
  const [removing, setRemoving] = useState<AdminSpeaker | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    // asked for when the link was pressed, if it was (shell/adminPrefetch.ts)
    Promise.all([takePrefetched(PREFETCH.events, aheadOfTime.events), takePrefetched(PREFETCH.featured, aheadOfTime.featuredSummary)])
      .then(([rows, summary]) => {
        if (!current) return;
        const featured = summary?.id ?? null;
        setEvents(rows);
        setEventId(rows.some((row) => row.id === featured) ? featured : (rows[0]?.id ?? null));
      })
      .catch(() => current && notify({ topic: 'speakers-load', kind: 'error', title: 'Error', message: 'The masterclasses could not be loaded. Please try again.' }));
    return () => {
      current = false;
    };
  }, []);

  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);

  useEffect(() => {
    if (!eventId) return;
    let current = true;
    // the featured masterclass's line-up may be on its way already
    (reloads === 0 ? takePrefetched(PREFETCH.speakers(eventId), () => fetchSpeakers(eventId)) : fetchSpeakers(eventId))
      .then((rows) => current && setLoaded({ eventId, rows }))
      .catch(() => current && notify({ topic: 'speakers-load', kind: 'error', title: 'Error', message: 'The speakers could not be loaded. Please try again.' }));
    return () => {
      current = false;
    };
  }, [eventId, reloads]);

  const move = async (index: number, by: -1 | 1) => {
    if (!speakers) return;
    const other = speakers[index + by];
    const speaker = speakers[index];
    if (!other || !speaker) return;
    setBusy(true);
    try {
      await swapOrder(speaker, other);
    } catch {
      notify({ topic: 'speaker-order', kind: 'error', title: 'Error', message: 'The order could not be changed. Please try again.' });
    } finally {
      reload();
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteSpeaker(removing.id);
      notify({ topic: 'speaker', kind: 'success', message: `${removing.name} was removed` });
      setRemoving(null);
      reload();
    } catch {
      notify({ topic: 'speaker', kind: 'error', title: 'Error', message: 'The speaker could not be removed. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const nextSort = (speakers ?? []).reduce((max, speaker) => Math.max(max, speaker.sort), 0) + 1;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Speakers
          </Title>
          <Text c="dimmed" size="sm">
            Each masterclass has its own line-up; the landing page shows the featured one&apos;s.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} disabled={!eventId} onClick={() => setEditing({ speaker: null })}>
          Add speaker
        </Button>
      </Group>

      {events === null ? (
        <Loader aria-label="Loading masterclasses" />
      ) : events.length === 0 ? (
        <Text>There is no masterclass yet. Create one under Event &amp; Promo Codes.</Text>
      ) : (
        <Select
          label="Masterclass"
          data={events.map((event) => ({ value: event.id, label: eventLabel(event) }))}
          value={eventId}
          onChange={setEventId}
          allowDeselect={false}
          maw={420}
        />
      )}

      {eventId && speakers === null && <Loader aria-label="Loading speakers" />}
      {speakers?.length === 0 && <Text c="dimmed">No speakers yet for this masterclass. Add the first one.</Text>}
      {speakers && speakers.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Speakers in the order they are shown">
          {speakers.map((speaker, index) => (
            <Paper component="li" key={speaker.id} withBorder p="sm" radius="md">
              {/* On a phone the actions move under the speaker rather than squeezing the name. */}
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Avatar src={photoUrl(speaker)} alt="" size={56} radius="md" />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {speaker.name}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {[speaker.role, speaker.organisation].filter(Boolean).join(', ')}
                    </Text>
                  </div>
                </Group>
                <Group gap={4} wrap="nowrap" ml="auto">
                  <ActionIcon variant="subtle" size="lg" aria-label={`Move ${speaker.name} up`} disabled={busy || index === 0} onClick={() => void move(index, -1)}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" aria-label={`Move ${speaker.name} down`} disabled={busy || index === speakers.length - 1} onClick={() => void move(index, 1)}>
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${speaker.name}`} onClick={() => setEditing({ speaker })}>
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${speaker.name}`} onClick={() => setRemoving(speaker)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {eventId && (
        <SpeakerFormDialog
          key={editing ? (editing.speaker?.id ?? `new-${nextSort}`) : 'closed'}
          opened={editing !== null}
          eventId={eventId}
          speaker={editing?.speaker ?? null}
          nextSort={nextSort}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}

      <Modal opened={removing !== null} onClose={busy ? () => undefined : () => setRemoving(null)} title="Remove speaker" centered>
        <Stack gap="md">
          <Text>Remove {removing?.name} from this masterclass&apos;s speakers? Their photo is deleted too.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void remove()} loading={busy}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
