import type { ReactNode } from 'react';
import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { ToolGate } from '../toolGuard';

interface ToolIntroPageProps {
  title: string;
  intro: string;
  points: string[];
  action: string;
  icon: ReactNode;
}

/**
 * A tool's static introduction (spec: the AI Readiness and Business Case pages).
 * The tool itself comes with the attendee tools issue; until then its button
 * is shown but cannot be used.
 */
export function ToolIntroPage({ title, intro, points, action, icon }: ToolIntroPageProps) {
  return (
    <ToolGate>
      <Stack gap="lg" maw={800} mx="auto">
        <Stack gap="xs">
          <ThemeIcon size={48} radius="md" color="navy" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2" c="navy.9">
            {title}
          </Title>
          <Text c="gray.7">{intro}</Text>
        </Stack>
        <Card withBorder radius="md" padding="lg">
          <List spacing="sm" icon={<IconCircleCheck size={20} color="var(--mantine-color-teal-6)" />} center>
            {points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Card>
        <div>
          <Button size="md" color="amber" c="navy.9" disabled>
            {action}
          </Button>
          <Text size="sm" c="dimmed" mt="xs">
            The interactive tool is coming with the attendee tools issue.
          </Text>
        </div>
      </Stack>
    </ToolGate>
  );
}
