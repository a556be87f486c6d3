import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { SalesState } from '@/db';
import { SOLD_OUT_NOTICE } from '@/lib/specTexts';

/** Normal mode while sales are not open (DESIGN decision 8): only the waitlist takes registrations. */
export function SalesClosedNotice({ salesState, eventDate }: { salesState: Exclude<SalesState, 'open'>; eventDate: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="amber">
          <IconCalendarOff size={30} />
        </ThemeIcon>
        <Title order={2} size="h3" c="navy.9">
          {salesState === 'sold_out' ? SOLD_OUT_NOTICE : 'Registration Is Closed'}
        </Title>
        <Text maw={520}>
          Registration for the {eventDate} masterclass is closed, so we can&apos;t take new bookings. Register your interest and we&apos;ll
          let you know as soon as places open for future events.
        </Text>
        <Button renderRoot={(props) => <Link to="/register" search={{ waitlist: true }} {...props} />} size="md" color="amber" c="navy.9">
          Register for Future Events
        </Button>
      </Stack>
    </Paper>
  );
}
