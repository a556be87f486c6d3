// Event & Promo Codes (/admin/event): the featured masterclass's facts and
// sales state, and its promo codes. Everything is read from and written to
// the server directly (administrators are online to manage the event).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { EventRow } from '@/db';
import { eventPhase } from '@/lib/eventPhase';
import { formatEventWhen } from '@/lib/eventWhen';
import { formatMoney } from '@/lib/money';
import { type EventSeats, type PromoCodeRow, fetchEvent, fetchEventSeats, fetchPromoCodes, saveFailure } from './eventAdminApi';
import { EventFactsForm, SALES_STATES } from './EventFactsForm';
import { PromoCodesSection } from './PromoCodesSection';

const STATE_COLOR = { open: 'teal', sold_out: 'orange', closed: 'gray' } as const;

function EventHeadline({ event, seats }: { event: EventRow; seats: EventSeats | null }) {
  const [openedAt] = useState(() => new Date());
  // The state visitors see: an open event with no seat left shows as sold out; once the
  // event has started or taken place, that phase (DESIGN decision 17) whatever the sales state.
  const shown = seats?.sales_state ?? event.sales_state;
  const phase = eventPhase({ ...event, sales_state: shown }, openedAt);
  const label =
    phase === 'past'
      ? 'Taken place (waitlist only)'
      : phase === 'happening'
        ? 'Happening now (waitlist only)'
        : (SALES_STATES.find((state) => state.value === shown)?.label ?? shown);
  const color = phase === 'past' ? 'gray' : phase === 'happening' ? 'blue' : STATE_COLOR[shown];
  return (
    <Group gap="xs" wrap="wrap" aria-label="Event summary">
      <Badge color={color} variant="light" tt="none" size="lg">
        Visitors see: {label}
      </Badge>
      <Text size="sm" c="dimmed">
        {formatEventWhen(event)} · {event.location} · {formatMoney(event.price_cents, event.currency)}
        {seats ? ` · ${seats.seats_left} of ${seats.capacity} seats left` : ''}
      </Text>
    </Group>
  );
}

export function AdminEventPage() {
  const [event, setEvent] = useState<EventRow | null>(null);
  const [seats, setSeats] = useState<EventSeats | null>(null);
  const [codes, setCodes] = useState<PromoCodeRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [codesError, setCodesError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  // State is set only in the answers' callbacks, so the first load can run from an effect.
  const loadSeats = useCallback(() => {
    fetchEventSeats().then(setSeats, () => setSeats(null));
  }, []);

  const loadCodes = useCallback((eventId: string) => {
    fetchPromoCodes(eventId).then(
      (loaded) => {
        setCodes(loaded);
        setCodesError(null);
      },
      (error: unknown) => setCodesError(saveFailure(error).message),
    );
  }, []);

  const load = useCallback(() => {
    fetchEvent().then(
      (loaded) => {
        setEvent(loaded);
        setLoadError(null);
        setFormKey((key) => key + 1);
        loadCodes(loaded.id);
      },
      (error: unknown) => setLoadError(saveFailure(error).message),
    );
    loadSeats();
  }, [loadCodes, loadSeats]);

  useEffect(load, [load]);

  const onSaved = (saved: EventRow) => {
    setEvent(saved);
    loadSeats();
  };

  const onCodeChanged = (promo: PromoCodeRow) => {
    setCodes((current) => {
      const rest = (current ?? []).filter((row) => row.id !== promo.id);
      return current?.some((row) => row.id === promo.id)
        ? (current ?? []).map((row) => (row.id === promo.id ? promo : row))
        : [promo, ...rest];
    });
  };

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          Event &amp; Promo Codes
        </Title>
        <Text c="dimmed" mt={4}>
          The masterclass's dates, place, seats, price and sales, and the codes that give a free registration.
        </Text>
      </div>

      {loadError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load the event">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loadError}</Text>
            <Button size="xs" variant="light" onClick={load}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {!event && !loadError ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading the event" />
        </Group>
      ) : null}

      {event ? (
        <>
          <EventHeadline event={event} seats={seats} />
          <EventFactsForm key={formKey} event={event} seats={seats} onSaved={onSaved} />
          <PromoCodesSection event={event} codes={codes} loadError={codesError} onReload={() => loadCodes(event.id)} onChanged={onCodeChanged} />
        </>
      ) : null}
    </Stack>
  );
}
