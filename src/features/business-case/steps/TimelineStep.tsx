import { Stack, Title } from '@mantine/core';
import type { StepProps } from '../caseFormTypes';
import { LongText } from './fieldInputs';
import { ItemList } from './ItemList';

export function TimelineStep(props: StepProps) {
  const { form, errors } = props;
  return (
    <Stack gap="md">
      <LongText label="Timeline" description="The phases from pilot to full use." {...form.getInputProps('timeline')} error={errors.timeline} />
      <Title order={3} size="h5">Milestones</Title>
      <ItemList
        {...props}
        path="milestones"
        noun="milestone"
        columns={[
          { key: 'title', label: 'Milestone', placeholder: 'Pilot live', grow: 3 },
          { key: 'month', label: 'Month', kind: 'month' },
        ]}
        empty={{ title: '', month: 1 }}
        emptyText="Checkpoints with the month after the start they are due."
      />
      <LongText label="Success metrics" description="How you will know it worked." {...form.getInputProps('success_metrics')} error={errors.success_metrics} />
    </Stack>
  );
}
