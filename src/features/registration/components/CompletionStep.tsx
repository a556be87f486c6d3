import { useEffect } from 'react';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CheckoutOutcome } from '../checkoutReturn';
import responsive from '@/components/responsive.module.css';
import { OrderDetails } from '@/components/order/OrderDetails';
import { isOrderLink, orderPageHref, rememberedOrderLink, rememberOrderLink, type OrderLink } from '@/lib/order';
import { useOrder } from '@/components/order/useOrder';
import type { EventPhase } from '@/lib/eventPhase';
import { waitlistFinishCopy, type PhaseFacts } from '../waitlistBannerCopy';

/** What the completion step confirms. */
export type Completion =
  | { kind: 'paid'; outcome: CheckoutOutcome; attendeeEmails: string[]; sessionId?: string }
  | { kind: 'promo' | 'waitlist'; email: string; order?: OrderLink | null };

interface Copy {
  title: string;
  text: string;
  /** Something went wrong on the way: offer the contact page too. */
  needsFollowUp: boolean;
}

const listOf = (emails: string[]) =>
  emails.length <= 1 ? emails.join('') : `${emails.slice(0, -1).join(', ')} and ${emails[emails.length - 1]}`;

function freeCopy(kind: 'promo' | 'waitlist', email: string, waitlist: WaitlistContext): Copy {
  return kind === 'promo'
    ? {
        title: 'Registration Complete',
        text: `Your free place at the masterclass is confirmed. A confirmation email and an invitation to create your attendee account are on their way to ${email}.`,
        needsFollowUp: false,
      }
    : { ...waitlistFinishCopy(waitlist.phase, waitlist.facts, email), needsFollowUp: false };
}

/** What the waitlist joined: the event's phase when the page opened and its words. */
export interface WaitlistContext {
  phase: EventPhase | null;
  facts: PhaseFacts;
}

function copyFor(completion: Completion, waitlist: WaitlistContext): Copy {
  if (completion.kind !== 'paid') return freeCopy(completion.kind, completion.email, waitlist);
  switch (completion.outcome.kind) {
    case 'confirmed':
    case 'already_processed': {
      const recipients = completion.attendeeEmails.length > 0 ? listOf(completion.attendeeEmails) : 'each attendee';
      return {
        title: 'Registration Complete',
        text: `Thank you for registering for the AI Champions Masterclass. Your payment has been received, and a confirmation email with the event details and an invitation to create an attendee account is on its way to ${recipients}.`,
        needsFollowUp: false,
      };
    }
    case 'not_completed':
      return {
        title: 'Registration Not Completed',
        text: 'This registration could not be completed, so no places were booked. Any payment taken will be refunded to your card. Please contact us if you have any questions.',
        needsFollowUp: true,
      };
    case 'not_found':
    case 'unconfirmed':
      return {
        title: 'Registration Complete',
        text: "We couldn't confirm your payment just yet. If you don't receive a confirmation email within the next few minutes, please contact us and we'll sort it out.",
        needsFollowUp: true,
      };
  }
}

/**
 * The order whose tickets the completion shows: a paid one once the payment
 * is confirmed (the checkout status carries its link; a reload of this tab
 * finds it kept), a promo one from the registration's answer. None for a
 * waitlist entry or a payment not confirmed: no ticket is ever shown before
 * the server has one.
 */
function orderLinkOf(completion: Completion): OrderLink | null {
  if (completion.kind !== 'paid') return completion.kind === 'promo' && isOrderLink(completion.order) ? completion.order : null;
  if (completion.outcome.kind === 'confirmed') return isOrderLink(completion.outcome.status.order) ? completion.outcome.status.order : null;
  if (completion.outcome.kind === 'already_processed' && completion.sessionId) return rememberedOrderLink(completion.sessionId);
  return null;
}

/** The order's tickets, reference, amount and calendar link, read from the server. */
function CompletionOrder({ link }: { link: OrderLink }) {
  const { load, reload } = useOrder(link);
  return (
    <Stack gap="md" w="100%" data-testid="completion-order">
      {load.status === 'loading' && (
        <Group justify="center" gap="sm" role="status">
          <Loader size="sm" color="navy" />
          <Text size="sm">Loading your tickets…</Text>
        </Group>
      )}
      {load.status === 'offline' && (
        <Stack gap="xs" align="center" ta="center" role="status">
          <Text size="sm">Your tickets could not be loaded without a connection. They are in your confirmation email.</Text>
          <Button size="xs" variant="light" onClick={reload}>
            Try again
          </Button>
        </Stack>
      )}
      {load.status === 'refused' && (
        <Text size="sm" ta="center" role="status">
          {load.message}
        </Text>
      )}
      {load.status === 'ready' && (
        <>
          <OrderDetails order={load.order} level={3} staleSince={load.stale ? load.checkedAt : null} />
          <Text size="sm" ta="center">
            Keep this page&apos;s link to come back to your order and tickets any time, no sign-in needed:{' '}
            <Anchor href={orderPageHref(link)} underline="always" data-testid="order-page-link">
              your order page
            </Anchor>
            . The confirmation email carries it too.
          </Text>
        </>
      )}
    </Stack>
  );
}

/** Step 2: 'Processing Your Registration' while busy, then the confirmation, the order's tickets and 'Return to Home'. */
export function CompletionStep({ completion, waitlist = { phase: null, facts: { eventDate: '' } } }: { completion: Completion | null; waitlist?: WaitlistContext }) {
  const link = completion ? orderLinkOf(completion) : null;
  const sessionId = completion?.kind === 'paid' ? completion.sessionId : undefined;
  useEffect(() => {
    if (sessionId && link) rememberOrderLink(sessionId, link);
  }, [sessionId, link]);

  if (!completion) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" ta="center" role="status" aria-busy="true">
          <Loader color="navy" />
          <Title order={2} size="h3" c="navy.9">
            Processing Your Registration
          </Title>
          <Text c="dimmed">We&apos;re confirming your payment. This only takes a moment.</Text>
        </Stack>
      </Paper>
    );
  }
  const copy = copyFor(completion, waitlist);
  return (
    <Paper withBorder radius="md" className={responsive.paddingLgXl}>
      <Stack align="center" gap="md">
        <Stack align="center" gap="md" ta="center" role="status">
          <ThemeIcon size={64} radius="xl" variant="light" color={copy.needsFollowUp ? 'yellow' : 'teal'}>
            {copy.needsFollowUp ? <IconAlertTriangle size={36} /> : <IconCircleCheck size={36} />}
          </ThemeIcon>
          <Title order={2} size="h2" c="navy.9" data-testid="completion-title">
            {copy.title}
          </Title>
          <Text maw={560}>{copy.text}</Text>
        </Stack>
        {link && <CompletionOrder key={link.id} link={link} />}
        <Group justify="center" gap="sm" mt="sm">
          <Button component={Link} to="/" size="md">
            Return to Home
          </Button>
          {copy.needsFollowUp && (
            <Button component={Link} to="/contact" size="md" variant="default">
              Contact Us
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
