import { Badge, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import type { ReadinessAssessmentRow } from '@/db';
import { QUESTION_COUNT } from './framework';
import type { ReadinessSearch } from './readinessSearch';
import { answeredCount, findLevel, readAnswers } from './scoring';
import { useAssessments } from './useAssessments';

interface ReadinessOverviewProps {
  userId: string;
  onNavigate: (search: ReadinessSearch) => void;
}

export const completedOn = (row: ReadinessAssessmentRow) =>
  row.completed_at ? formatWeekdayDate(parsePocketBaseDate(row.completed_at)) : 'Date unknown';

/** Under the introduction: the assessment in progress, the latest result and earlier ones. */
export function ReadinessOverview({ userId, onNavigate }: ReadinessOverviewProps) {
  const assessments = useAssessments(userId);
  if (!assessments) return null;
  const { inProgress, completed } = assessments;
  const latest = completed[0];
  return (
    <Stack gap="md">
      {inProgress && (
        <Card withBorder radius="md" padding="lg" data-testid="readiness-in-progress">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Assessment in progress
            </Title>
            <Text size="sm" c="dimmed">
              {answeredCount(readAnswers(inProgress.answers))} of {QUESTION_COUNT} questions answered. Start Assessment continues where you left off.
            </Text>
            <Progress value={(answeredCount(readAnswers(inProgress.answers)) / QUESTION_COUNT) * 100} color="teal" aria-hidden />
            <div>
              <Button variant="light" onClick={() => onNavigate({ view: 'assessment', id: inProgress.id })}>
                Continue assessment
              </Button>
            </div>
          </Stack>
        </Card>
      )}
      {latest && (
        <Card withBorder radius="md" padding="lg" data-testid="readiness-latest">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Your latest result
            </Title>
            <Group gap="sm">
              <Badge size="lg" color="navy">
                {latest.level}
              </Badge>
              <Text fw={700}>{latest.score} / 100</Text>
              <Text size="sm" c="dimmed">
                {completedOn(latest)}
              </Text>
            </Group>
            <Text size="sm">{findLevel(latest.level)?.meaning}</Text>
            <div>
              <Button variant="light" onClick={() => onNavigate({ view: 'results', id: latest.id })}>
                View results and 30-day plan
              </Button>
            </div>
          </Stack>
        </Card>
      )}
      {completed.length > 1 && <AssessmentHistory completed={completed} onNavigate={onNavigate} />}
    </Stack>
  );
}

/** Every completed assessment, newest first. */
export function AssessmentHistory({ completed, currentId, onNavigate }: { completed: ReadinessAssessmentRow[]; currentId?: string; onNavigate: (search: ReadinessSearch) => void }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="readiness-history">
      <Title order={2} size="h4" id="readiness-history" mb="xs">
        Your assessments
      </Title>
      <Table verticalSpacing={6}>
        <Table.Tbody>
          {completed.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{completedOn(row)}</Table.Td>
              <Table.Td>
                {row.score} / 100 · {row.level}
              </Table.Td>
              <Table.Td ta="right">
                {row.id === currentId ? (
                  <Text size="sm" c="dimmed">
                    Shown
                  </Text>
                ) : (
                  <Button size="compact-sm" variant="subtle" onClick={() => onNavigate({ view: 'results', id: row.id })} aria-label={`View the assessment of ${completedOn(row)}`}>
                    View
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
