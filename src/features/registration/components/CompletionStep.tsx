import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CheckoutOutcome } from '../checkoutReturn';
import responsive from '@/components/responsive.module.css';

/** What the completion step confirms. */
export type Completion =
  { kind: 'paid'; outcome: CheckoutOutcome; attendeeEmails: string[] } | { kind: 'promo' | 'waitlist'; email: string };

interface Copy {
  title: string;
  text: string;
  /** Something went wrong on the way: offer the contact page too. */
  needsFollowUp: boolean;
}

const listOf = (emails: string[]) =>
  emails.length <= 1 ? emails.join('') : `${emails.slice(0, -1).join(', ')} and ${emails[emails.length - 1]}`;

function freeCopy(kind: 'promo' | 'waitlist', email: string): Copy {
  return kind === 'promo'
    ? {
        title: 'Registration Complete',
        text: `Your free place at the masterclass is confirmed. A confirmation email and an invitation to create your attendee account are on their way to ${email}.`,
        needsFollowUp: false,
      }
    : {
        title: 'Registration Complete',
        text: `Thank you for registering your interest. We'll email ${email} as soon as places open for future events. Please open that email and confirm your address when it asks you to: a seat that frees up is offered only to confirmed addresses.`,
        needsFollowUp: false,
      };
}

function copyFor(completion: Completion): Copy {
  if (completion.kind !== 'paid') return freeCopy(completion.kind, completion.email);
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

/** Step 2: 'Processing Your Registration' while busy, then the confirmation and 'Return to Home'. */
export function CompletionStep({ completion }: { completion: Completion | null }) {
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
  const copy = copyFor(completion);
  return (
    <Paper withBorder radius="md" className={responsive.paddingLgXl}>
      <Stack align="center" gap="md" ta="center" role="status">
        <ThemeIcon size={64} radius="xl" variant="light" color={copy.needsFollowUp ? 'yellow' : 'teal'}>
          {copy.needsFollowUp ? <IconAlertTriangle size={36} /> : <IconCircleCheck size={36} />}
        </ThemeIcon>
        <Title order={2} size="h2" c="navy.9">
          {copy.title}
        </Title>
        <Text maw={560}>{copy.text}</Text>
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
