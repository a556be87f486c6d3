import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Center, Group, List, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { ReadinessAssessmentRow } from '@/db';
import { ActionPlanCard } from './ActionPlanCard';
import { selectPlan, strengthsAndGaps } from './actionPlan';
import { previousOf } from './assessmentRecords';
import { DIMENSIONS, LEVELS, SOURCES } from './framework';
import { NotOnDevice } from './NotOnDevice';
import { ReadinessRadar } from './ReadinessRadar';
import { AssessmentHistory, completedOn } from './ReadinessOverview';
import type { ReadinessSearch } from './readinessSearch';
import { findLevel, levelFor, readAnswers, readDimensionScores, type DimensionScores } from './scoring';
import { useAssessments } from './useAssessments';
import classes from './results.module.css';

interface ReadinessResultsProps {
  userId: string;
  /** Absent: the latest completed assessment. */
  id?: string;
  onNavigate: (search: ReadinessSearch) => void;
  onRetake: () => void;
  /** Why a retake could not start, if it could not. */
  problem?: ReactNode;
}

const scoresOf = (row: ReadinessAssessmentRow): DimensionScores => readDimensionScores(row.dimension_scores, readAnswers(row.answers));
/** The stored score when it is a whole number 0..100, else the mean of the dimension scores. */
function overallOf(row: ReadinessAssessmentRow, scores: DimensionScores): number {
  if (Number.isInteger(row.score) && row.score >= 0 && row.score <= 100) return row.score;
  const values = Object.values(scores);
  return values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : 0;
}

function change(now: number, before: number): string {
  const difference = now - before;
  if (difference === 0) return 'no change';
  return `${difference > 0 ? 'up' : 'down'} ${Math.abs(difference)} point${Math.abs(difference) === 1 ? '' : 's'}`;
}

/** Results of one completed assessment: scores, level, chart, strengths and gaps, the 30-day plan, history. */
export function ReadinessResults({ userId, id, onNavigate, onRetake, problem }: ReadinessResultsProps) {
  const assessments = useAssessments(userId);
  if (!assessments) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your results" />
      </Center>
    );
  }
  const { completed, inProgress } = assessments;
  const row = id ? completed.find((candidate) => candidate.id === id) : completed[0];
  if (!row) {
    if (inProgress && (!id || inProgress.id === id)) {
      return (
        <Stack maw={800} mx="auto" gap="md">
          <Text>This assessment is not finished yet, so it has no results.</Text>
          <div>
            <Button onClick={() => onNavigate({ view: 'assessment', id: inProgress.id })}>Continue assessment</Button>
          </div>
        </Stack>
      );
    }
    return <NotOnDevice onNavigate={onNavigate} />;
  }

  const scores = scoresOf(row);
  const score = overallOf(row, scores);
  const level = findLevel(row.level) ?? levelFor(score);
  const previous = previousOf(row, completed);
  const previousScores = previous ? scoresOf(previous) : undefined;
  const { strengths, gaps } = strengthsAndGaps(scores);
  const plan = selectPlan(scores);

  return (
    <Stack gap="lg" maw={1000} mx="auto" className={classes.report}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            Your AI Readiness Results
          </Title>
          <Text c="dimmed">Completed {completedOn(row)}</Text>
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print report
          </Button>
          <Button color="amber" c="navy.9" leftSection={<IconRefresh size={16} />} onClick={onRetake}>
            Retake assessment
          </Button>
        </Group>
      </Group>
      {problem}

      <Card withBorder radius="md" padding="lg" className={classes.section} data-testid="readiness-overall">
        <Stack gap="xs">
          <Group gap="sm" align="baseline">
            <Text size="2.5rem" fw={800} c="navy.9" lh={1}>
              {score}
            </Text>
            <Text c="dimmed">/ 100 overall readiness</Text>
            {level && (
              <Badge size="xl" color="navy" ml="auto">
                {level.name}
              </Badge>
            )}
          </Group>
          {level && <Text>{level.meaning}</Text>}
          <Text size="sm" c="dimmed" data-testid="readiness-change">
            {previous
              ? `Since your assessment of ${completedOn(previous)} (${overallOf(previous, previousScores ?? {})}, ${previous.level}): ${change(score, overallOf(previous, previousScores ?? {}))}.`
              : 'This is your first assessment. Retake it later to see how you have moved.'}
          </Text>
        </Stack>
      </Card>

      <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="lg" className={classes.columns}>
        <Card withBorder radius="md" padding="lg" className={classes.section}>
          <Title order={2} size="h4" mb="xs">
            Readiness by dimension
          </Title>
          <ReadinessRadar scores={scores} previous={previousScores} />
        </Card>
        <Card withBorder radius="md" padding="lg" className={classes.section} component="section" aria-labelledby="readiness-dimensions">
          <Title order={2} size="h4" mb="sm" id="readiness-dimensions">
            Dimension scores
          </Title>
          <Stack gap="sm">
            {DIMENSIONS.map((dimension) => {
              const value = scores[dimension.id] ?? 0;
              const before = previousScores?.[dimension.id];
              return (
                <div key={dimension.id} data-testid={`dimension-${dimension.id}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600}>
                      {dimension.name}
                    </Text>
                    <Text size="sm" fw={700}>
                      {value}
                      {before !== undefined && (
                        <Text span size="xs" c={value >= before ? 'teal.7' : 'red.7'} ml={6}>
                          ({value - before >= 0 ? '+' : '−'}
                          {Math.abs(value - before)})
                        </Text>
                      )}
                    </Text>
                  </Group>
                  <Progress value={value} color={value >= 50 ? 'teal' : 'amber'} aria-label={`${dimension.name}: ${value} of 100`} />
                </div>
              );
            })}
          </Stack>
        </Card>
      </ResponsiveGrid>

      <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="lg" className={classes.columns}>
        <Card withBorder radius="md" padding="lg" className={classes.section} component="section" aria-labelledby="readiness-strengths">
          <Title order={2} size="h4" mb="xs" id="readiness-strengths" c="teal.8">
            Strengths
          </Title>
          {strengths.length ? (
            <List spacing="xs" size="sm">
              {strengths.map((dimension) => (
                <List.Item key={dimension.id}>
                  <b>{dimension.name}.</b> {dimension.strength}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">No dimension reaches 50 yet: the plan below starts with the foundations.</Text>
          )}
        </Card>
        <Card withBorder radius="md" padding="lg" className={classes.section} component="section" aria-labelledby="readiness-gaps">
          <Title order={2} size="h4" mb="xs" id="readiness-gaps" c="red.8">
            Gaps
          </Title>
          {gaps.length ? (
            <List spacing="xs" size="sm">
              {gaps.map((dimension) => (
                <List.Item key={dimension.id}>
                  <b>{dimension.name}.</b> {dimension.gap}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">Every dimension scores 50 or more. The plan below strengthens your three lowest.</Text>
          )}
        </Card>
      </ResponsiveGrid>

      <ActionPlanCard key={row.id} assessment={row} plan={plan} />

      <div className={classes.noPrint}>
        <AssessmentHistory completed={completed} currentId={row.id} onNavigate={onNavigate} />
      </div>

      <Card withBorder radius="md" padding="lg" className={classes.section} component="section" aria-labelledby="readiness-about">
        <Title order={2} size="h5" mb={4} id="readiness-about">
          About this assessment
        </Title>
        <Text size="sm" c="dimmed">
          Each dimension scores the mean of its answers from 0 (all "Not at all") to 100 (all "Fully"); the overall score is the mean of the six.
          Levels: {LEVELS.map((entry, index) => `${entry.name} ${entry.min}–${(LEVELS[index + 1]?.min ?? 101) - 1}`).join(', ')}. The questions draw on public readiness frameworks:
        </Text>
        <List size="sm" c="dimmed" mt={4}>
          {SOURCES.map((source) => (
            <List.Item key={source.name}>
              <Anchor href={source.url} target="_blank" rel="noreferrer" className={classes.source}>
                {source.name}
              </Anchor>
              : {source.use}.
            </List.Item>
          ))}
        </List>
      </Card>

      <Group className={classes.noPrint}>
        <Button variant="default" onClick={() => onNavigate({})}>
          Back to AI Readiness
        </Button>
      </Group>
    </Stack>
  );
}
