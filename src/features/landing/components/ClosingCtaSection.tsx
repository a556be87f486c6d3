import { Container, Skeleton, Text, Title } from '@mantine/core';
import { isSoldOut, type MasterclassEvent } from '../eventRecord';
import { RegistrationButtons, SoldOutNotice } from './RegistrationCallToAction';
import classes from './ClosingCta.module.css';

/** Closing call to action: repeats the hero's notice and way in. */
export function ClosingCtaSection({ event }: { event: MasterclassEvent | null }) {
  const soldOut = event ? isSoldOut(event.sales_state) : false;
  return (
    <section aria-labelledby="closing-title" className={classes.band}>
      <Container size="md">
        {soldOut && (
          <div className={classes.notice}>
            <SoldOutNotice />
          </div>
        )}
        <Title order={2} id="closing-title" className={classes.title}>
          Ready to Lead the AI Revolution?
        </Title>
        {event ? (
          <>
            <Text className={classes.text}>
              {soldOut
                ? 'This masterclass is fully booked. Register your interest now and be the first to know when the next AI Champions Masterclass opens.'
                : `Places are limited to ${event.capacity} participants. Register now to lead the AI revolution in your organisation.`}
            </Text>
            <RegistrationButtons salesState={event.sales_state} justify="center" />
          </>
        ) : (
          <Skeleton height={50} width={260} maw="100%" radius="xl" mx="auto" mt="xl" opacity={0.25} />
        )}
      </Container>
    </section>
  );
}
