// `/events/<slug>`: one published masterclass's own page. Its facts (date, time
// range, venue, price, seats left), its state's notice and its own way in
// (Register for this masterclass, its waitlist, or the interest list), and its
// speakers. Kept on the device once seen, so it opens offline; with nothing
// kept and no connection it says so, with Retry; an address no published
// masterclass has is an honest not-found, never a crash.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Avatar, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconCalendar, IconInfoCircle, IconClock, IconMapPin, IconRefresh, IconTicket, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { holdPageMeta, NOT_FOUND_META, page, type PageMeta } from '@/app/pageMeta';
import { NeedsConnection } from '@/components/stored-data/NeedsConnection';
import { whyUnavailable } from '@/pwa/eventUnavailable';
import { EventNotFoundError, fetchEventPage, fetchPublishedSpeakers, speakerImageUrl, type EventPageLoad, type EventSpeaker } from './eventPageApi';
import { SEE_MASTERCLASSES } from '@/lib/cancelledEvent';
import { eventPageView, type EventPageView, type PhaseWords } from './eventPageView';
import classes from './EventPage.module.css';
import { nameInitials } from '@/lib/nameInitials';

type PageState =
  | { status: 'loading' }
  | { status: 'ready'; load: EventPageLoad }
  | { status: 'not-found' }
  | { status: 'offline' | 'unreachable' | 'failed' };

export interface EventPageProps {
  slug: string;
  /** The landing's words for each phase (src/features/landing/phaseCopy.ts), handed in by the route. */
  words: PhaseWords;
}

function useEventPage(slug: string): { state: PageState; retry: () => void; retrying: boolean } {
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    let current = true;
    fetchEventPage(slug).then(
      (load) => current && setState({ status: 'ready', load }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof EventNotFoundError) return setState({ status: 'not-found' });
        console.error('Could not load the masterclass', error);
        const why = whyUnavailable(error);
        setState({ status: why === 'offline' ? (navigator.onLine ? 'unreachable' : 'offline') : 'failed' });
      },
    ).finally(() => current && setRetrying(false));
    return () => {
      current = false;
    };
  }, [slug, attempt]);
  const unavailable = state.status === 'offline' || state.status === 'unreachable' || state.status === 'failed';
  useEffect(() => {
    if (!unavailable) return;
    const again = () => setAttempt((value) => value + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [unavailable]);
  const retry = useCallback(() => {
    setRetrying(true);
    setAttempt((value) => value + 1);
  }, []);
  return { state, retry, retrying };
}

function useSpeakers(eventId: string | null): EventSpeaker[] {
  const [speakers, setSpeakers] = useState<EventSpeaker[]>([]);
  useEffect(() => {
    if (!eventId) return;
    let current = true;
    fetchPublishedSpeakers().then(
      (all) => current && setSpeakers(all.filter((speaker) => speaker.event === eventId)),
      (error: unknown) => console.error('Could not load the speakers', error),
    );
    return () => {
      current = false;
    };
  }, [eventId]);
  return speakers;
}

/** A notice that turns the visitor away (sold out, closed, cancelled) warns; one about a time (sales open on…, under way, taken place) informs. */
function noticeTone(phase: string): 'warning' | 'info' {
  return phase === 'sold_out' || phase === 'closed' || phase === 'cancelled' ? 'warning' : 'info';
}

export function EventPage({ slug, words }: EventPageProps) {
  const { state, retry, retrying } = useEventPage(slug);
  const load = state.status === 'ready' ? state.load : null;
  const speakers = useSpeakers(load?.event.id ?? null);
  // The phase at the page's opening; the server decides again when the visitor registers.
  const [openedAt] = useState(() => new Date());
  const view = load ? eventPageView(load.event, openedAt, load.live, words) : null;
  // Its words, not an object made anew each render, decide when the meta is written again.
  const meta = view && load ? JSON.stringify(eventPageMeta(view, load.event.slug)) : null;
  useEffect(() => {
    if (state.status === 'not-found') return holdPageMeta(NOT_FOUND_META);
    if (meta) return holdPageMeta(JSON.parse(meta) as PageMeta);
  }, [state.status, meta]);

  return (
    <Container size="md" className={classes.container}>
      {state.status === 'loading' && (
        <Center py="xl" role="status" aria-label="Loading the masterclass">
          <Loader color="navy" />
        </Center>
      )}
      {state.status === 'not-found' && <EventNotFound />}
      {(state.status === 'offline' || state.status === 'unreachable') && (
        <NeedsConnection message="This masterclass's page needs a connection to load the first time." state={{ status: 'needs-connection', reason: state.status, retry, retrying }} />
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" title="We couldn't load this masterclass" icon={<IconAlertTriangle size={18} />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Something went wrong on our side. Please try again.</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} loading={retrying} onClick={retry}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {view && <EventDetails view={view} speakers={speakers} />}
    </Container>
  );
}

/** The page's title and description name the masterclass's date (and its time and venue); its one address is its slug's. */
function eventPageMeta(view: Pick<EventPageView, 'date' | 'time' | 'venue'>, slug: string): PageMeta {
  const where = view.venue ? ` at ${view.venue}` : '';
  return {
    ...page(`Masterclass on ${view.date}`, `The AI Champions Masterclass on ${view.date}, ${view.time}${where}: its price, seats left and speakers, and registration.`),
    canonical: `${window.location.origin}/events/${encodeURIComponent(slug)}`,
  };
}

function EventDetails({ view, speakers }: { view: EventPageView; speakers: EventSpeaker[] }) {
  return (
    <Stack gap="xl" data-testid="event-page" data-phase={view.phase}>
      <Stack gap={6}>
        <Title order={1} className={classes.title}>
          {view.title}
        </Title>
        <Text size="lg" c="navy.7" fw={600}>
          {view.date}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="lg">
          <dl className={classes.facts} aria-label="The masterclass">
            <Fact icon={<IconCalendar size={20} />} label="Date" value={view.date} />
            <Fact icon={<IconClock size={20} />} label="Time" value={view.time} />
            <Fact icon={<IconMapPin size={20} />} label="Venue" value={view.venue} />
            <Fact icon={<IconTicket size={20} />} label="Price" value={view.price} />
            {view.seats && <Fact icon={<IconUsers size={20} />} label="Seats" value={view.seats} testId="event-seats" />}
          </dl>
          {view.notice && (
            <Text className={classes.notice} data-tone={noticeTone(view.phase)} data-testid="event-notice">
              {noticeTone(view.phase) === 'warning' ? <IconAlertTriangle size={18} aria-hidden /> : <IconInfoCircle size={18} aria-hidden />}
              {view.notice}
            </Text>
          )}
          <div>
            {view.action ? (
              <Button
                renderRoot={(props) => <Link to="/register" search={view.action?.search} {...props} />}
                size="md"
                radius="xl"
                color="amber"
                c="navy.9"
                rightSection={<IconArrowRight size={18} />}
                data-testid="event-action"
              >
                {view.action.label}
              </Button>
            ) : (
              // Cancelled: nothing to register for here; the home page features the next masterclass on sale.
              <Button renderRoot={(props) => <Link to="/" {...props} />} size="md" radius="xl" variant="light" color="navy" rightSection={<IconArrowRight size={18} />} data-testid="see-masterclasses">
                {SEE_MASTERCLASSES}
              </Button>
            )}
          </div>
        </Stack>
      </Paper>
      {speakers.length > 0 && (
        <Stack gap="md" component="section" aria-labelledby="event-speakers">
          <Title order={2} id="event-speakers" c="navy.9" size="h3">
            Speakers
          </Title>
          <div className={classes.speakers}>
            {speakers.map((speaker) => (
              <div key={speaker.id} className={classes.speaker}>
                <Avatar src={speakerImageUrl(speaker)} alt="" size={56} radius="md" color="navy">
                  {nameInitials(speaker.name)}
                </Avatar>
                <div>
                  <Text fw={700} c="navy.9">
                    {speaker.name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {[speaker.role, speaker.organisation].filter(Boolean).join(', ')}
                  </Text>
                </div>
              </div>
            ))}
          </div>
        </Stack>
      )}
    </Stack>
  );
}

function Fact({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: string; testId?: string }) {
  return (
    // A <div> in a <dl> holds only its <dt> and <dd>: the icon goes in the term.
    <div className={classes.fact}>
      <dt>
        <span className={classes.factIcon} aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}


function EventNotFound() {
  return (
    <Stack align="flex-start" gap="md" data-testid="event-not-found">
      <Title order={1} className={classes.title}>
        Masterclass not found
      </Title>
      <Text>There is no published masterclass at this address. It may have been moved, or it is not open to visitors yet.</Text>
      <Button component={Link} to="/" color="navy">
        See the next masterclass
      </Button>
    </Stack>
  );
}
