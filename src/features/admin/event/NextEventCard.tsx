// "Create the next masterclass": new dates for a copy of the featured event
// (facts, price, capacity, max per registration, venue, and the portal unlock
// as far from the start as the source's). The server saves it as a draft,
// which nobody but administrators sees until it is published.
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconAlertCircle, IconCopy } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { type AdminEventRow, createNextEvent, saveFailure } from './eventAdminApi';
import { fromZonedValue, parseStoredDate, toZonedValue } from './eventTime';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';

export interface NextEventCardProps {
  /** The event the copy is made from (the featured one). */
  source: AdminEventRow;
  onCreated: (eventId: string) => void;
}

export function NextEventCard({ source, onCreated }: NextEventCardProps) {
  const zone = source.timezone;
  const [startDay, setStartDay] = useState<Date | null>(null);
  const [startTime, setStartTime] = useState(() => toZonedValue(source.starts_at, zone)?.time ?? '');
  const [endDay, setEndDay] = useState<Date | null>(null);
  const [endTime, setEndTime] = useState(() => toZonedValue(source.ends_at, zone)?.time ?? '');
  const [errors, setErrors] = useState<{ starts_at?: string; ends_at?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const startsAt = fromZonedValue({ day: startDay, time: startTime }, zone);
    // The end's day defaults to the start's (a masterclass is one day).
    const endsAt = fromZonedValue({ day: endDay ?? startDay, time: endTime }, zone);
    const found: typeof errors = {};
    if (!startsAt) found.starts_at = 'Enter the start date and time.';
    else if ((parseStoredDate(startsAt)?.getTime() ?? 0) <= Date.now()) found.starts_at = 'The start must be in the future.';
    if (!endsAt) found.ends_at = 'Enter the end date and time.';
    else if (startsAt && endsAt <= startsAt) found.ends_at = 'The end must be after the start.';
    setErrors(found);
    if (!startsAt || !endsAt || Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const created = await createNextEvent({ starts_at: startsAt, ends_at: endsAt });
      notify({ topic: 'next-event', kind: 'success', title: 'Draft created', message: 'The next masterclass is saved as a draft. Check its details, then publish it.' });
      setStartDay(null);
      setEndDay(null);
      onCreated(created.id);
    } catch (error) {
      const { message, fields } = saveFailure(error);
      setErrors({ starts_at: fields.starts_at, ends_at: fields.ends_at });
      setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="next-event-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" c="navy.9" id="next-event-title">
              Create the next masterclass
            </Title>
            <Text size="sm" c="dimmed">
              Copies {source.title}'s details, price, capacity, venue, portal unlock (as long before the start as now), speakers
              and session materials with the dates below. It is saved as a draft: visitors see it only once you publish it. Edit its
              line-up under Speakers.
            </Text>
          </div>
          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ZonedDateTimeInput
              label="From"
              required
              day={startDay}
              time={startTime}
              onDayChange={setStartDay}
              onTimeChange={setStartTime}
              error={errors.starts_at}
            />
            <ZonedDateTimeInput
              label="Until"
              description="The day defaults to the start's."
              day={endDay}
              time={endTime}
              onDayChange={setEndDay}
              onTimeChange={setEndTime}
              error={errors.ends_at}
              clearable
            />
          </ResponsiveGrid>
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="The draft was not created">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconCopy size={18} />} color="navy" variant="light">
              Create draft
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
