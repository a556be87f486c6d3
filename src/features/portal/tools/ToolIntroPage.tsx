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
  /** What the action button does (starts the tool). */
  onAction: () => void;
  /** Shown under the introduction, e.g. the user's earlier results. */
  children?: ReactNode;
}

/** 'Name: what it means' shows the name in bold. */
function PointText({ point }: { point: string }) {
  const colon = point.indexOf(': ');
  if (colon < 0) return point;
  return (
    <>
      <Text span fw={700} inherit>
        {point.slice(0, colon)}
      </Text>
      {point.slice(colon)}
    </>
  );
}

/** A tool's introduction (spec: the AI Readiness and Business Case pages) with the button that starts it. */
export function ToolIntroPage({ title, intro, points, action, icon, onAction, children }: ToolIntroPageProps) {
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
              <List.Item key={point} style={{ lineHeight: 1.45 }}>
                <PointText point={point} />
              </List.Item>
            ))}
          </List>
        </Card>
        <div>
          <Button size="md" color="amber" c="navy.9" onClick={onAction}>
            {action}
          </Button>
        </div>
        {children}
      </Stack>
    </ToolGate>
  );
}
