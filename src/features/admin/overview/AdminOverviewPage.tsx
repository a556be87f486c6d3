import { Stack, Text, Title } from '@mantine/core';

/** The admin overview (spec "Admin Dashboard"). */
export function AdminOverviewPage() {
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={1} size="h2" c="navy.9">
          Admin Dashboard
        </Title>
        <Text c="dimmed" mt={4}>
          Manage attendees, the use case library and the event.
        </Text>
      </div>
    </Stack>
  );
}
