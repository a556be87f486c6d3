import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { StepProps } from '../caseFormTypes';
import { solutionText, useUseCaseChoices } from '../useCaseSources';
import { LongText } from './fieldInputs';

const choiceKey = (kind: string, id: string) => `${kind}:${id}`;

export function SolutionStep({ form, errors, owner }: StepProps & { owner: string }) {
  const choices = useUseCaseChoices(owner) ?? [];
  const source = form.values.source_use_case;
  const data = [
    { group: 'My use cases', items: choices.filter((c) => c.source.kind === 'saved').map((c) => ({ value: choiceKey('saved', c.source.id), label: c.source.title })) },
    { group: 'Use case library', items: choices.filter((c) => c.source.kind === 'library').map((c) => ({ value: choiceKey('library', c.source.id), label: c.source.title })) },
  ].filter((group) => group.items.length > 0);

  const pick = (value: string | null) => {
    const choice = choices.find((c) => choiceKey(c.source.kind, c.source.id) === value);
    if (!choice) return;
    form.setFieldValue('source_use_case', choice.source);
    // What was typed stays: the use case's text goes below it.
    const typed = form.values.proposed_solution.trim();
    form.setFieldValue('proposed_solution', typed ? `${typed}\n\n${solutionText(choice.text)}` : solutionText(choice.text));
  };

  return (
    <Stack gap="md">
      <Select
        label="Start from a use case (optional)"
        placeholder={choices.length ? 'Search the library and your use cases' : 'No use cases on this device yet'}
        data={data}
        searchable
        clearable
        nothingFoundMessage="No use case matches"
        value={source ? choiceKey(source.kind, source.id) : null}
        onChange={(value) => (value ? pick(value) : form.setFieldValue('source_use_case', null))}
        comboboxProps={{ withinPortal: true }}
      />
      {source && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">Based on “{source.title}”.</Text>
          <Button variant="subtle" size="compact-sm" onClick={() => form.setFieldValue('source_use_case', null)}>Unlink</Button>
        </Group>
      )}
      <LongText
        label="Proposed AI solution"
        description="What the AI does, with which data, and who uses it."
        minRows={5}
        {...form.getInputProps('proposed_solution')}
        error={errors.proposed_solution}
      />
    </Stack>
  );
}
