import { Container, Text, Title } from '@mantine/core';
import { Placeholder } from './Placeholder';
import type { EventPhase } from '@/lib/eventPhase';
import { eventFacts } from '../eventFacts';
import type { MasterclassEvent } from '../eventRecord';
import { closingText, phaseNotice } from '../phaseCopy';
import { EventNotice, RegistrationButtons } from './RegistrationCallToAction';
import classes from './ClosingCta.module.css';

/** Closing call to action: repeats the hero's notice and way in, in the tense of the event's phase. */
/** `date`: the server's words for the day, when it sent them with the page. */
export function ClosingCtaSection({ event, phase, date }: { event: MasterclassEvent | null; phase: EventPhase | null; date?: string }) {
  const notice = phase ? phaseNotice(phase) : null;
  return (
    <section aria-labelledby="closing-title" className={classes.band}>
      <Container size="md">
        {phase && notice && (
          <div className={classes.notice}>
            <EventNotice phase={phase} />
          </div>
        )}
        <Title order={2} id="closing-title" className={classes.title}>
          Ready to Lead the AI Revolution?
        </Title>
        {event && phase ? (
          <>
            <Text className={classes.text}>{closingText(phase, { date: date ?? eventFacts(event).date, capacity: event.capacity })}</Text>
            <RegistrationButtons phase={phase} justify="center" />
          </>
        ) : (
          <Placeholder height={50} width={260} maw="100%" radius="xl" mx="auto" mt="xl" opacity={0.25} />
        )}
      </Container>
    </section>
  );
}
