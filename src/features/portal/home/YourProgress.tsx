import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { usePortalUser } from '../portalUser';
import { toolProgress, type ToolProgress } from './toolProgress';

const STATE_VALUE: Record<ToolProgress['state'], number> = { not_started: 0, in_progress: 50, done: 100 };
const STATE_COLOR: Record<ToolProgress['state'], string> = { not_started: 'gray', in_progress: 'amber', done: 'teal' };

/** 'Your Progress' (spec "Dashboard home"): each tool's real state from the user's records on this device. */
export function YourProgress() {
  const user = usePortalUser();
  const userId = user?.id ?? '';
  const items = useLiveQuery(
    async () => {
      const [assessments, businessCases, savedUseCases] = await Promise.all([
        db.readinessAssessments.where('owner').equals(userId).toArray(),
        db.businessCases.where('owner').equals(userId).toArray(),
        db.savedUseCases.where('owner').equals(userId).count(),
      ]);
      return toolProgress(assessments, businessCases, savedUseCases);
    },
    [userId],
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-progress">
      <Title order={2} size="h3" id="your-progress" mb="md">
        Your Progress
      </Title>
      <Stack gap="md">
        {(items ?? toolProgress([], [], 0)).map((item) => (
          <div key={item.tool} data-testid={`progress-${item.key}`}>
            <Group justify="space-between" mb={4} wrap="nowrap" gap="xs" align="flex-start">
              <Text size="sm" fw={600}>
                {item.tool}
              </Text>
              <Text size="sm" c="dimmed" ta="right">
                {item.label}
              </Text>
            </Group>
            <Progress
              value={item.percent ?? STATE_VALUE[item.state]}
              color={STATE_COLOR[item.state]}
              aria-label={`${item.tool}: ${item.label}`}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
