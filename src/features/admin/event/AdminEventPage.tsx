// Event & Promo Codes (/admin/event): every masterclass (the featured one
// chosen at first; drafts too), the chosen one's facts, sales state and promo
// codes, publishing a draft, and creating the next masterclass as a draft
// copied from the featured one. Everything is read from and written to the
// server directly (administrators are online to manage the event).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconWorldUpload } from '@tabler/icons-react';
import type { EventRow } from '@/db';
import { notify } from '@/components/notify';
import { formatEventWhen } from '@/lib/eventWhen';
import { formatMoney } from '@/lib/money';
import {
  type AdminEventRow, type EventSeats, type PromoCodeRow, aheadOfTime, fetchEventSeats, fetchEvents, fetchPromoCodes, saveFailure, setEventPublished,
} from './eventAdminApi';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { MasterclassSelect, phaseLabel } from '../MasterclassSelect';
import { EventFactsForm } from './EventFactsForm';
import { NextEventCard } from './NextEventCard';
import { EarlyAccessCard } from './EarlyAccessCard';
import { PromoCodesSection } from './PromoCodesSection';
import { WaitlistOffersCard } from './WaitlistOffersCard';
import { SellerDetailsCard } from './SellerDetailsCard';
import { AttendeeNoticesCard } from './AttendeeNoticesCard';

function EventHeadline({ event, seats, featured }: { event: AdminEventRow; seats: EventSeats | null; featured: boolean }) {
  const [openedAt] = useState(() => new Date());
  // The state visitors see: an open event with no seat left shows as sold out; once the
  // event has started or taken place, that phase (DESIGN decision 17) whatever the sales state.
  const shown = seats?.sales_state ?? event.sales_state;
  const { label, color } = phaseLabel(event, shown, openedAt);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Event summary">
      {event.published ? (
        <Badge color={color} variant="light" tt="none" size="lg">
          Visitors see: {label}
        </Badge>
      ) : (
        <Badge color="grape" variant="light" tt="none" size="lg">
          Draft: visitors do not see it
        </Badge>
      )}
      {event.published && !featured ? (
        <Badge color="gray" variant="outline" tt="none" size="lg">
          Not featured: the site shows another masterclass
        </Badge>
      ) : null}
      <Text size="sm" c="dimmed">
        {formatEventWhen(event)} · {event.location} · {formatMoney(event.price_cents, event.currency)}
        {seats ? ` · ${seats.seats_left} of ${seats.capacity} seats left` : ''}
      </Text>
    </Group>
  );
}

export function AdminEventPage() {
  const [events, setEvents] = useState<AdminEventRow[] | null>(null);
  const [featuredId, setFeaturedId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [seats, setSeats] = useState<EventSeats | null>(null);
  const [codes, setCodes] = useState<PromoCodeRow[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [codesError, setCodesError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [publishing, setPublishing] = useState(false);
  // Bumped when the form saved a change of date, times or place: the notices card reads again.
  const [noticesKey, setNoticesKey] = useState(0);

  const event = events?.find((candidate) => candidate.id === selectedId) ?? null;
  const featured = events?.find((candidate) => candidate.id === featuredId) ?? events?.find((candidate) => candidate.published) ?? null;

  // State is set only in the answers' callbacks, so the first load can run from an effect.
  const loadSeats = useCallback((eventId: string) => {
    fetchEventSeats(eventId).then(setSeats, () => setSeats(null));
  }, []);

  const loadCodes = useCallback((eventId: string, first = false) => {
    (first ? takePrefetched(PREFETCH.promoCodes(eventId), () => fetchPromoCodes(eventId)) : fetchPromoCodes(eventId)).then(
      (loaded) => {
        setCodes(loaded);
        setCodesError(null);
      },
      (error: unknown) => setCodesError(saveFailure(error).message),
    );
  }, []);

  /** Shows `eventId`; `known`: its seats as just read (the featured one's summary), `first`: the page's opening load. */
  const choose = useCallback(
    (eventId: string, known: EventSeats | null = null, first = false) => {
      setSelectedId(eventId);
      setSeats(known);
      setCodes(null);
      setFormKey((key) => key + 1);
      if (!known) loadSeats(eventId);
      loadCodes(eventId, first);
    },
    [loadCodes, loadSeats],
  );

  /**
   * Reads every event and which one is featured, then shows `preferred` (or the one shown, or the
   * featured one). The opening load (`first`) takes what was asked for when the link was pressed.
   */
  const load = useCallback(
    (preferred?: string, first = false) => {
      const reads = first
        ? [takePrefetched(PREFETCH.events, aheadOfTime.events), takePrefetched(PREFETCH.featured, aheadOfTime.featuredSummary)] as const
        : [fetchEvents(), fetchEventSeats().catch(() => null)] as const;
      Promise.all(reads).then(
        ([loaded, summary]) => {
          setEvents(loaded);
          setFeaturedId(summary?.id ?? null);
          setLoadError(null);
          const keep = (id: string | null | undefined) => (id && loaded.some((candidate) => candidate.id === id) ? id : null);
          const shown = keep(preferred) ?? keep(summary?.id) ?? loaded[0]?.id ?? null;
          // the featured one's summary holds its seats: no second read for them
          if (shown) choose(shown, summary && summary.id === shown ? summary : null, first);
          else setLoadError('No event exists yet.');
        },
        (error: unknown) => setLoadError(saveFailure(error).message),
      );
    },
    [choose],
  );

  useEffect(() => load(undefined, true), [load]);

  const onSaved = (saved: EventRow) => {
    setEvents((current) => (current ?? []).map((row) => (row.id === saved.id ? { ...row, ...saved } : row)));
    loadSeats(saved.id);
  };

  const publish = async () => {
    if (!event) return;
    setPublishing(true);
    try {
      await setEventPublished(event.id, true);
      notify({ topic: 'event-publish', kind: 'success', title: 'Event published', message: 'Visitors can now see this masterclass.' });
      load(event.id);
    } catch (error) {
      notify({ topic: 'event-publish', kind: 'error', title: 'Failed to publish', message: saveFailure(error).message });
    } finally {
      setPublishing(false);
    }
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
          Each masterclass's dates, place, seats, price and sales, the codes that give a free registration, and the next masterclass.
        </Text>
      </div>

      {loadError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load the event">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loadError}</Text>
            <Button size="xs" variant="light" onClick={() => load()}>
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

      {event && events ? (
        <>
          <Group align="flex-end" gap="md" wrap="wrap">
            <MasterclassSelect
              events={events}
              featuredId={featuredId}
              value={event.id}
              onChange={choose}
              style={{ minWidth: 260, maxWidth: 'none' }}
            />
            {!event.published ? (
              <Button color="grape" leftSection={<IconWorldUpload size={18} />} loading={publishing} onClick={() => void publish()}>
                Publish
              </Button>
            ) : null}
          </Group>
          <EventHeadline event={event} seats={seats} featured={event.id === featuredId} />
          <EventFactsForm key={formKey} event={event} seats={seats} onSaved={onSaved} onScheduleSaved={() => setNoticesKey((key) => key + 1)} />
          {event.published ? (
            <AttendeeNoticesCard key={`notices-${event.id}`} event={event} reloadKey={noticesKey} onCancelled={() => load(event.id)} />
          ) : null}
          <PromoCodesSection event={event} codes={codes} loadError={codesError} onReload={() => loadCodes(event.id)} onChanged={onCodeChanged} />
          {event.published ? <EarlyAccessCard key={event.id} event={event} /> : null}
          {event.published ? <WaitlistOffersCard key={`waitlist-${event.id}`} event={event} /> : null}
          {featured ? <NextEventCard source={featured} onCreated={(id) => load(id)} /> : null}
        </>
      ) : null}
      <SellerDetailsCard />
    </Stack>
  );
}
