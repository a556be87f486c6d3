import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';

const progressItems = ['AI Readiness Assessment', 'Business Case', 'Use Case Exploration'];

/** 'Your Progress': static for now, every tool 'Not started' (spec "Dashboard home"). */
export function YourProgress() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-progress">
      <Title order={2} size="h3" id="your-progress" mb="md">
        Your Progress
      </Title>
      <Stack gap="md">
        {progressItems.map((item) => (
          <div key={item}>
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text size="sm" fw={600}>
                {item}
              </Text>
              <Text size="sm" c="dimmed">
                Not started
              </Text>
            </Group>
            <Progress value={0} color="amber" aria-label={`${item}: Not started`} />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
