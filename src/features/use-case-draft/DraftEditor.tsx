// The draft, every field editable, with which generator wrote it, the library
// cases it was based on, Save to "My use cases" (through the outbox, so it
// works offline) and, once saved, the way into a business case.
import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Stack, TagsInput, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useForm } from '@mantine/form';
import { IconBriefcase, IconCircleCheck, IconDeviceFloppy, IconDeviceMobile, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { db, LocalStorageFullError, type AiUseCaseRow } from '@/db';
import { notify } from '@/components/notify';
import { BasedOnList } from './BasedOnList';
import { ADOPTION_LEVELS, DRAFT_TEXT_MAX, TAGS_MAX, TAG_MAX, editedDraftSchema, type DraftTextField, type UseCaseDraft } from './draftSchema';
import type { DraftResult } from './draftUseCase';
import { DraftTooLargeError, isSavedAs, saveCustomUseCase } from './saveCustomUseCase';

const validate = zod4Resolver(editedDraftSchema, { errorPriority: 'first' });

const SHORT_FIELDS: [DraftTextField, string][] = [
  ['industry', 'Industry'],
  ['domain', 'Domain'],
  ['business_function', 'Business Function'],
  ['ai_technique', 'AI Technique'],
  ['model_type', 'Model Type'],
  ['input_data_type', 'Input Data'],
  ['output_type', 'Output Type'],
];
const LONG_FIELDS: [DraftTextField, string][] = [
  ['description', 'Description'],
  ['problem_statement', 'Problem Statement'],
  ['value_proposition', 'Value Proposition'],
  ['solution_summary', 'Solution Summary'],
  ['challenges_risks', 'Challenges and Risks'],
];

interface DraftEditorProps {
  result: DraftResult;
  library: readonly AiUseCaseRow[];
  userId: string;
  savedId: string | null;
  onEdit: (draft: UseCaseDraft) => void;
  onSaved: (savedId: string) => void;
}

export function DraftEditor({ result, library, userId, savedId, onEdit, onSaved }: DraftEditorProps) {
  const form = useForm<UseCaseDraft>({ initialValues: result.draft, validate, onValuesChange: onEdit });
  const [saving, setSaving] = useState(false);
  // The page says "Saved" while the saved row holds exactly what the form shows.
  const savedRow = useLiveQuery(async () => {
    const row = savedId ? await db.savedUseCases.get(savedId) : undefined;
    return row?.owner === userId ? row : undefined;
  }, [savedId, userId]);
  const upToDate = savedRow !== undefined && isSavedAs(savedRow.generated, form.values);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const draft = editedDraftSchema.parse(values);
      const id = await saveCustomUseCase(db, userId, { ...result, draft }, savedId ?? undefined);
      form.setValues(draft);
      onSaved(id);
      notify({ topic: 'use-case-draft', kind: 'success', message: 'Saved to My use cases' });
    } catch (error) {
      const message = error instanceof LocalStorageFullError
        ? 'This device\'s storage is full, so the use case was not saved. Free some space and try again.'
        : error instanceof DraftTooLargeError ? error.message : 'Failed to save the use case. Please try again.';
      notify({ topic: 'use-case-draft', kind: 'error', title: 'Error', message });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-draft">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="your-draft">
            Your use case draft
          </Title>
          <GeneratorNote result={result} />
          <BasedOnList basedOn={result.basedOn} library={library} heading={result.source === 'model' ? 'Based on' : 'Similar cases in the library'} />
          <TextInput label="Title" withAsterisk maxLength={DRAFT_TEXT_MAX.title} {...form.getInputProps('title')} />
          {LONG_FIELDS.map(([field, label]) => (
            <Textarea key={field} label={label} autosize minRows={2} maxLength={DRAFT_TEXT_MAX[field]} {...form.getInputProps(field)} />
          ))}
          <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {SHORT_FIELDS.map(([field, label]) => (
              <Textarea key={field} label={label} autosize minRows={1} maxLength={DRAFT_TEXT_MAX[field]} {...form.getInputProps(field)} />
            ))}
            <Select label="Adoption Level" data={ADOPTION_LEVELS} allowDeselect={false} {...form.getInputProps('adoption_level')} />
          </ResponsiveGrid>
          <TagsInput
            label="Tags"
            description={`Up to ${TAGS_MAX}; press Enter after each`}
            maxTags={TAGS_MAX}
            maxLength={TAG_MAX}
            clearable
            {...form.getInputProps('tags')}
          />
          <Group justify="space-between" gap="sm">
            {upToDate ? (
              <Group gap={6} c="green.8" role="status">
                <IconCircleCheck size={18} />
                <Text size="sm" fw={600}>
                  Saved to My use cases
                </Text>
              </Group>
            ) : (
              <span />
            )}
            <Group gap="sm">
              {savedRow && (
                <Button
                  renderRoot={(props) => <Link {...props} to="/dashboard/business-case" search={{ savedUseCase: savedRow.id }} />}
                  variant="light"
                  leftSection={<IconBriefcase size={18} />}
                >
                  Start a business case
                </Button>
              )}
              <Button type="submit" disabled={saving || upToDate} leftSection={<IconDeviceFloppy size={18} />}>
                {saving ? 'Saving...' : savedRow ? 'Save Changes' : 'Save to My use cases'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function GeneratorNote({ result }: { result: DraftResult }) {
  const check = 'Check every field and make it fit your organisation before you save it.';
  if (result.source === 'model') {
    return (
      <Alert color="teal" variant="light" icon={<IconSparkles size={18} />} title="Drafted by the AI model">
        {check}
      </Alert>
    );
  }
  const { industry, businessFunction } = result.request;
  return (
    <Alert color="blue" variant="light" icon={<IconDeviceMobile size={18} />} title="A starting point from the built-in template">
      {result.reason ? `${result.reason} ` : ''}
      {`This draft was written on this device from a template for ${businessFunction.trim()} in ${industry.trim()}, not by an AI model. `}
      {check}
    </Alert>
  );
}
