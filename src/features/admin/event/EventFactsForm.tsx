// The event's facts as an administrator edits them: title, dates and times in
// the event's own time zone, location, venue, capacity, price, the portal
// unlock time and the sales state. The server has the last word (a capacity
// below the seats taken is refused there); its messages show under the fields.
import { useState } from 'react';
import {
  Alert, Button, Card, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Title,
} from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { EventRow, SalesState } from '@/db';
import { notify } from '@/components/notify';
import { SALES_STATE_LABELS } from '../MasterclassSelect';
import { type EventPatch, type EventSeats, saveEvent, saveFailure } from './eventAdminApi';
import { type ChangePreview, attendeesCount, changesSchedule, previewChange, saveChange } from './eventNoticesApi';
import { ChangeNoticeDialog } from './ChangeNoticeDialog';
import { fromZonedValue, toZonedValue, zoneName } from './eventTime';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';

export const SALES_STATES: { value: SalesState; label: string; meaning: string }[] = [
  { value: 'open', label: SALES_STATE_LABELS.open, meaning: 'Registrations, payments and promo codes are taken while seats are left.' },
  { value: 'sold_out', label: SALES_STATE_LABELS.sold_out, meaning: "The site says 'Event Sold Out'; only the waitlist takes registrations." },
  { value: 'closed', label: SALES_STATE_LABELS.closed, meaning: 'Registration is closed; only the waitlist takes registrations.' },
];

interface FormValues {
  title: string;
  location: string;
  venue: string;
  capacity: number | string;
  price: number | string;
  sales_state: SalesState;
  startDay: Date | null;
  startTime: string;
  endDay: Date | null;
  endTime: string;
  unlockDay: Date | null;
  unlockTime: string;
  /** When sales open (optional): none for sales that open as the sales state says. */
  salesOpenDay: Date | null;
  salesOpenTime: string;
}

function initialValues(event: EventRow): FormValues {
  const zone = event.timezone;
  const start = toZonedValue(event.starts_at, zone);
  const end = toZonedValue(event.ends_at, zone);
  const unlock = toZonedValue(event.portal_unlock_at, zone);
  const salesOpen = toZonedValue(event.sales_open_at ?? '', zone);
  return {
    title: event.title,
    location: event.location,
    venue: event.venue ?? '',
    capacity: event.capacity,
    price: event.price_cents / 100,
    sales_state: event.sales_state,
    startDay: start?.day ?? null,
    startTime: start?.time ?? '',
    endDay: end?.day ?? null,
    endTime: end?.time ?? '',
    unlockDay: unlock?.day ?? null,
    unlockTime: unlock?.time ?? '',
    salesOpenDay: salesOpen?.day ?? null,
    salesOpenTime: salesOpen?.time ?? '',
  };
}

/** The server's field names → the form's. */
const FIELD_OF: Record<string, keyof FormValues> = {
  title: 'title',
  location: 'location',
  venue: 'venue',
  capacity: 'capacity',
  price_cents: 'price',
  sales_state: 'sales_state',
  starts_at: 'startDay',
  ends_at: 'endDay',
  portal_unlock_at: 'unlockDay',
  sales_open_at: 'salesOpenDay',
};

const isWhole = (value: number | string) => typeof value === 'number' && Number.isInteger(value);

export interface EventFactsFormProps {
  event: EventRow;
  seats: EventSeats | null;
  onSaved: (event: EventRow) => void;
  /** After a change of date, times or place was saved through the change route (told or not). */
  onScheduleSaved?: () => void;
}

export function EventFactsForm({ event, seats, onSaved, onScheduleSaved }: EventFactsFormProps) {
  const zone = event.timezone;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A change of date, times or place while people hold seats: asked first (ChangeNoticeDialog).
  const [asking, setAsking] = useState<{ patch: EventPatch; preview: ChangePreview } | null>(null);
  const [telling, setTelling] = useState<'notify' | 'quiet' | null>(null);
  const taken = seats ? Math.max(0, seats.capacity - seats.seats_left) : null;

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(event),
    validate: {
      title: (value) => (value.trim() ? null : 'Title is required'),
      location: (value) => (value.trim() ? null : 'Location is required'),
      // Below the seats taken is refused by the server, which counts them at the moment of saving.
      capacity: (value) => (isWhole(value) && Number(value) >= 1 ? null : 'Capacity must be a whole number of at least 1.'),
      price: (value) => (typeof value === 'number' && value >= 0 ? null : 'Price must be 0 or more.'),
      startDay: (_, values) => (fromZonedValue({ day: values.startDay, time: values.startTime }, zone) ? null : 'Enter the start date and time.'),
      endDay: (_, values) => {
        const end = fromZonedValue({ day: values.endDay, time: values.endTime }, zone);
        if (!end) return 'Enter the end date and time.';
        const start = fromZonedValue({ day: values.startDay, time: values.startTime }, zone);
        return start && end <= start ? 'The end must be after the start.' : null;
      },
      unlockDay: (_, values) => (fromZonedValue({ day: values.unlockDay, time: values.unlockTime }, zone) ? null : 'Enter the portal unlock date and time.'),
      // Optional: both empty, or a day and a time before the start.
      salesOpenDay: (_, values) => {
        if (!values.salesOpenDay && !values.salesOpenTime.trim()) return null;
        const opens = fromZonedValue({ day: values.salesOpenDay, time: values.salesOpenTime }, zone);
        if (!opens) return 'Enter the date and the time sales open, or clear both.';
        const start = fromZonedValue({ day: values.startDay, time: values.startTime }, zone);
        return start && opens >= start ? 'Sales must open before the start.' : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const patch: EventPatch = {
      title: values.title.trim(),
      location: values.location.trim(),
      venue: values.venue.trim(),
      capacity: Number(values.capacity),
      price_cents: Math.round(Number(values.price) * 100),
      sales_state: values.sales_state,
      starts_at: fromZonedValue({ day: values.startDay, time: values.startTime }, zone) ?? '',
      ends_at: fromZonedValue({ day: values.endDay, time: values.endTime }, zone) ?? '',
      portal_unlock_at: fromZonedValue({ day: values.unlockDay, time: values.unlockTime }, zone) ?? '',
      sales_open_at: fromZonedValue({ day: values.salesOpenDay, time: values.salesOpenTime }, zone) ?? '',
    };
    setSaving(true);
    try {
      if (changesSchedule(event, patch)) {
        // The server counts the seat holders and writes the email they would get.
        const preview = await previewChange(event.id, patch);
        if (preview.holders > 0) {
          setAsking({ patch, preview });
          return;
        }
      }
      const saved = await saveEvent(event.id, patch);
      form.resetDirty(initialValues(saved));
      notify({ topic: 'event', kind: 'success', title: 'Event updated', message: 'The event details were saved.' });
      onSaved(saved);
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  });

  function showFailure(error: unknown) {
    const { message, fields } = saveFailure(error);
    const errors: Partial<Record<keyof FormValues, string>> = {};
    for (const [field, text] of Object.entries(fields)) if (FIELD_OF[field]) errors[FIELD_OF[field]] = text;
    form.setErrors(errors);
    setFailure(message);
    notify({ topic: 'event', kind: 'error', title: 'Failed to update event', message });
  }

  /** Saves the asked change through the change route, telling the seat holders or not. */
  async function saveAsked(tell: boolean) {
    if (!asking) return;
    setTelling(tell ? 'notify' : 'quiet');
    try {
      const answer = await saveChange(event.id, asking.patch, tell);
      form.resetDirty(initialValues(answer.event));
      setAsking(null);
      notify({
        topic: 'event',
        kind: 'success',
        title: 'Event updated',
        message: tell ? `The event details were saved and ${attendeesCount(answer.notified)} are being emailed.` : 'The event details were saved. Nobody was emailed.',
      });
      onSaved(answer.event);
      onScheduleSaved?.();
    } catch (error) {
      setAsking(null);
      showFailure(error);
    } finally {
      setTelling(null);
    }
  }

  const zoneNote = `${zoneName(event.starts_at, zone)} — ${zone.replace('_', ' ')} time`;
  const state = SALES_STATES.find((candidate) => candidate.value === form.values.sales_state);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="event-facts-title">
      <ChangeNoticeDialog
        preview={asking?.preview ?? null}
        saving={telling}
        onNotify={() => void saveAsked(true)}
        onQuiet={() => void saveAsked(false)}
        onClose={() => setAsking(null)}
      />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" c="navy.9" id="event-facts-title">
              Event
            </Title>
            <Text size="sm" c="dimmed">
              Dates and times are in the event's time zone ({zoneNote}), whatever this device's clock says.
            </Text>
          </div>

          <TextInput label="Title" required {...form.getInputProps('title')} />

          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ZonedDateTimeInput
              label="Start"
              required
              day={form.values.startDay}
              time={form.values.startTime}
              onDayChange={(day) => form.setFieldValue('startDay', day)}
              onTimeChange={(time) => form.setFieldValue('startTime', time)}
              error={form.errors.startDay}
            />
            <ZonedDateTimeInput
              label="End"
              required
              day={form.values.endDay}
              time={form.values.endTime}
              onDayChange={(day) => form.setFieldValue('endDay', day)}
              onTimeChange={(time) => form.setFieldValue('endTime', time)}
              error={form.errors.endDay}
            />
          </ResponsiveGrid>

          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput label="Location" required {...form.getInputProps('location')} />
            <TextInput label="Venue" {...form.getInputProps('venue')} />
          </ResponsiveGrid>

          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
            <NumberInput
              label="Capacity"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              description={
                taken === null
                  ? 'Seats for the event.'
                  : `${taken} taken now (confirmed or in checkout), ${seats?.seats_left ?? 0} left.`
              }
              {...form.getInputProps('capacity')}
            />
            <NumberInput
              label={`Price per attendee (${event.currency})`}
              min={0}
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              prefix="$"
              thousandSeparator=","
              description="0 makes the event free."
              {...form.getInputProps('price')}
            />
          </ResponsiveGrid>

          <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ZonedDateTimeInput
              label="Portal unlock"
              description="When the portal's tools and session materials open."
              required
              day={form.values.unlockDay}
              time={form.values.unlockTime}
              onDayChange={(day) => form.setFieldValue('unlockDay', day)}
              onTimeChange={(time) => form.setFieldValue('unlockTime', time)}
              error={form.errors.unlockDay}
            />
            <ZonedDateTimeInput
              label="Sales open at"
              description="Optional. With the sales state Open, the site says 'Sales open on …' until then, offers to tell people, and opens sales by itself at that time."
              clearable
              day={form.values.salesOpenDay}
              time={form.values.salesOpenTime}
              onDayChange={(day) => form.setFieldValue('salesOpenDay', day)}
              onTimeChange={(time) => form.setFieldValue('salesOpenTime', time)}
              error={form.errors.salesOpenDay}
            />
          </ResponsiveGrid>

          <Stack gap={6}>
            <Text component="label" id="sales-state-label" size="sm" fw={500}>
              Sales state
            </Text>
            <SegmentedControl
              aria-labelledby="sales-state-label"
              data={SALES_STATES.map(({ value, label }) => ({ value, label }))}
              value={form.values.sales_state}
              onChange={(value) => form.setFieldValue('sales_state', value as SalesState)}
              fullWidth
              color="navy"
            />
            <Text size="sm" c="dimmed">
              {state?.meaning}
              {seats && form.values.sales_state === 'open' && seats.seats_left === 0 && event.sales_state === 'open'
                ? ' No seat is left, so visitors see it as sold out until a seat frees up or the capacity grows.'
                : ''}
            </Text>
            {form.errors.sales_state ? (
              <Text size="sm" c="red">
                {form.errors.sales_state}
              </Text>
            ) : null}
          </Stack>

          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to update event">
              {failure}
            </Alert>
          ) : null}

          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />} color="navy">
              Save event
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
