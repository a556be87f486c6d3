import { useState } from 'react';
import { Alert, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { db, type ReadinessAssessmentRow } from '@/db';
import type { ActionPlan } from './actionPlan';
import { readPlanDone } from './assessmentRecords';
import { describeSaveError } from './describeSaveError';
import { shortName } from './framework';
import { setPlanActionDone } from './saveAssessment';
import classes from './results.module.css';

const listNames = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join(''));

/** The 30-day plan: four weeks of actions to tick off; each tick is saved on the assessment. */
export function ActionPlanCard({ assessment, plan }: { assessment: ReadinessAssessmentRow; plan: ActionPlan }) {
  const [problem, setProblem] = useState<string | null>(null);
  // A tick shows at once, before the device's copy reports it back.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const done = new Set(readPlanDone(assessment.plan_done));
  for (const [actionId, checked] of Object.entries(ticked)) {
    if (checked) done.add(actionId);
    else done.delete(actionId);
  }
  const actions = plan.weeks.flat();
  const doneCount = actions.filter((action) => done.has(action.id)).length;

  const tick = (actionId: string, checked: boolean) => {
    setProblem(null);
    setTicked((before) => ({ ...before, [actionId]: checked }));
    setPlanActionDone(db, assessment.id, actionId, checked).catch((error: unknown) => {
      setTicked((before) => Object.fromEntries(Object.entries(before).filter(([id]) => id !== actionId)));
      setProblem(`Your tick was not saved: ${describeSaveError(error)}`);
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="readiness-plan" className={classes.section}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="readiness-plan" c="navy.9">
            Your 30-day action plan
          </Title>
          <Text size="sm" c="dimmed">
            Focused on your three weakest dimensions: {listNames(plan.focus.map((dimension) => shortName(dimension.name).toLowerCase()))}. Tick each action when it is done.
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap">
          <Progress value={actions.length ? (doneCount / actions.length) * 100 : 0} color="teal" flex={1} aria-hidden />
          <Text size="sm" fw={600} data-testid="readiness-plan-done">
            {doneCount} of {actions.length} done
          </Text>
        </Group>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="lg" className={classes.columns}>
          {plan.weeks.map((week, index) => (
            <Stack key={index} gap="xs">
              <Title order={3} size="h5">
                Week {index + 1}
              </Title>
              {week.map((action) => (
                <Checkbox
                  key={action.id}
                  checked={done.has(action.id)}
                  onChange={(event) => tick(action.id, event.currentTarget.checked)}
                  label={action.text}
                  description={action.dimension.name}
                  color="teal"
                />
              ))}
            </Stack>
          ))}
        </ResponsiveGrid>
      </Stack>
    </Card>
  );
}
