import { Button, Card, Group, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { Link } from '@tanstack/react-router';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { portalTools } from '../portalTools';
import type { PortalLock } from '../usePortalLock';

/** The three tools: a link each once the portal has unlocked, before it when they open (nothing while the masterclass needs a connection: the dashboard says so once). */
export function ToolCards({ lock }: { lock: PortalLock }) {
  return (
    <ResponsiveGrid cols={{ base: 1, md: 3 }} spacing="md">
      {portalTools.map((tool) => (
        <Card key={tool.to} withBorder radius="md" padding="lg" component="article" aria-label={tool.title}>
          <Group gap="sm" wrap="nowrap" mb="sm">
            <ThemeIcon size={40} radius="md" color="navy" variant="light">
              <tool.icon size={22} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {tool.title}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="md" style={{ flexGrow: 1 }}>
            {tool.description}
          </Text>
          {lock.status === 'loading' && <Skeleton height={36} radius="md" />}
          {lock.status === 'locked' && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconLock size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" c="gray.7">
                {lock.words.toolNote}
              </Text>
            </Group>
          )}
          {lock.status === 'unlocked' && (
            <Button component={Link} to={tool.to} color="amber" c="navy.9" rightSection={<IconArrowRight size={16} />} aria-label={`Open tool: ${tool.title}`}>
              Open tool
            </Button>
          )}
        </Card>
      ))}
    </ResponsiveGrid>
  );
}
