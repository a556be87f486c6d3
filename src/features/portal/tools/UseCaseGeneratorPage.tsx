import { Card, Stack, Text, Title } from '@mantine/core';
import { ToolGate } from '../toolGuard';

export function UseCaseGeneratorPage() {
  return (
    <ToolGate>
      <Stack gap="lg" maw={800} mx="auto">
        <Title order={1} size="h2" c="navy.9">
          Use Case Generator
        </Title>
        <Card withBorder radius="md" padding="lg">
          <Text c="gray.7">Explore real AI use cases by industry. The use case library is coming with the attendee tools issue.</Text>
        </Card>
      </Stack>
    </ToolGate>
  );
}
