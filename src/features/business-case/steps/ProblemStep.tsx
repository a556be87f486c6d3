import { Stack, TextInput } from '@mantine/core';
import { CASE_LIMITS } from '../caseFields';
import type { StepProps } from '../caseFormTypes';
import { LongText } from './fieldInputs';

export function ProblemStep({ form, errors }: StepProps) {
  return (
    <Stack gap="md">
      <TextInput label="Title" required maxLength={CASE_LIMITS.titleMax} {...form.getInputProps('title')} error={errors.title} />
      <LongText
        label="The problem"
        description="What is not working today, for whom, and what it costs."
        {...form.getInputProps('problem_statement')}
        error={errors.problem_statement}
      />
      <LongText
        label="The opportunity"
        description="What the organisation gains if the problem is solved."
        {...form.getInputProps('opportunity')}
        error={errors.opportunity}
      />
    </Stack>
  );
}
