import { Container, Text, Title } from '@mantine/core';
import { Placeholder } from './Placeholder';
import type { EventPhase } from '@/lib/eventPhase';
import { formatDayMonth, formatSalesOpen } from '@/lib/eventWhen';
import { eventFacts } from '../eventFacts';
import type { MasterclassEvent } from '../eventRecord';
import type { HeroTexts } from '../heroView';
import { closingText, phaseNotice } from '../phaseCopy';
import { EventNotice, RegistrationButtons } from './RegistrationCallToAction';
import classes from './ClosingCta.module.css';

/** Closing call to action: repeats the hero's notice and way in, in the tense of the event's phase. */
/** `texts`: the server's words for the day, the sold-out day and when sales open, when it sent them with the page. */
export function ClosingCtaSection({ event, phase, texts }: { event: MasterclassEvent | null; phase: EventPhase | null; texts?: Pick<HeroTexts, 'date' | 'day' | 'salesOpen'> | null }) {
  const date = texts?.date;
  const salesOpen = event && phase === 'scheduled' ? (texts?.salesOpen ?? formatSalesOpen(event.sales_open_at, event.timezone)) : '';
  const day = event && phase === 'sold_out' ? (texts?.day ?? formatDayMonth(event.starts_at, event.timezone)) : '';
  const notice = phase ? phaseNotice(phase, salesOpen) : null;
  return (
    <section aria-labelledby="closing-title" className={classes.band}>
      <Container size="md">
        {phase && notice && (
          <div className={classes.notice}>
            <EventNotice phase={phase} salesOpen={salesOpen} />
          </div>
        )}
        <Title order={2} id="closing-title" className={classes.title}>
          Ready to Lead the AI Revolution?
        </Title>
        {event && phase ? (
          <>
            <Text className={classes.text}>{closingText(phase, { date: date ?? eventFacts(event).date, capacity: event.capacity, salesOpen })}</Text>
            <RegistrationButtons phase={phase} event={event.slug || event.id} day={day} justify="center" />
          </>
        ) : (
          <Placeholder height={50} width={260} maw="100%" radius="xl" mx="auto" mt="xl" opacity={0.25} />
        )}
      </Container>
    </section>
  );
}
