// One form for adding and editing a use case (spec "Use case form"): a title
// is required ('Title is required'); every other library field is optional
// and editable, tags included. The dialog stays open when saving fails, with
// the server's message under the field it names.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Select, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { fieldMessages } from '@/lib/apiErrors';
import {
  ADOPTION_LEVELS, EMPTY_USE_CASE, createUseCase, updateUseCase, type AdminUseCase, type UseCaseFields,
} from './useCaseAdminApi';
import { UseCaseAdminTexts as T } from './texts';

export interface UseCaseFormDialogProps {
  opened: boolean;
  /** The use case being edited; null adds a new one. */
  editing: AdminUseCase | null;
  onClose: () => void;
  onSaved: (saved: AdminUseCase, created: boolean) => void;
}

const TEXT_LIMITS: Partial<Record<keyof UseCaseFields, number>> = {
  title: 200, industry: 100, domain: 200, business_function: 200, ai_technique: 200,
  model_type: 200, input_data_type: 200, output_type: 200,
};
const LONG_LIMIT = 5000;
const TITLE_INPUT_ID = 'use-case-title';

function fieldsOf(useCase: AdminUseCase): UseCaseFields {
  const fields: Partial<AdminUseCase> = { ...useCase };
  delete fields.id;
  return fields as UseCaseFields;
}

export function UseCaseFormDialog({ opened, editing, onClose, onSaved }: UseCaseFormDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [saving, setSaving] = useState(false);
  const form = useForm<UseCaseFields>({
    mode: 'controlled',
    initialValues: EMPTY_USE_CASE,
    validate: {
      title: (value) => (value.trim() ? null : T.titleRequired),
    },
  });

  // Each opening starts from the use case (or a blank form), not from what was typed last time.
  useEffect(() => {
    if (!opened) return;
    const fields = editing ? fieldsOf(editing) : EMPTY_USE_CASE;
    form.setValues(fields);
    form.resetDirty(fields);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens or its subject changes
  }, [opened, editing]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = editing ? await updateUseCase(editing.id, values) : await createUseCase(values);
      notify({ topic: 'use-case', kind: 'success', message: editing ? T.updated : T.created });
      onSaved(saved, !editing);
    } catch (error) {
      const fields = error instanceof ClientResponseError ? fieldMessages(error.response?.data) : {};
      for (const [field, message] of Object.entries(fields)) {
        form.setFieldError(field, field === 'title' && /required|blank/i.test(message) ? T.titleRequired : message);
      }
      notify({ topic: 'use-case', kind: 'error', title: T.errorTitle, message: T.saveFailed });
    } finally {
      setSaving(false);
    }
    // a missing title is at the top of a long form: bring it into view
  }, (errors) => {
    if (errors.title) document.getElementById(TITLE_INPUT_ID)?.focus();
  });

  const text = (field: keyof UseCaseFields, label: string) => (
    <TextInput label={label} maxLength={TEXT_LIMITS[field]} {...form.getInputProps(field)} />
  );
  const long = (field: keyof UseCaseFields, label: string) => (
    <Textarea label={label} autosize minRows={2} maxRows={8} maxLength={LONG_LIMIT} {...form.getInputProps(field)} />
  );

  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={editing ? T.editDialog : T.addDialog}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput id={TITLE_INPUT_ID} label="Title" required maxLength={TEXT_LIMITS.title} data-autofocus {...form.getInputProps('title')} />
          {long('description', 'Description')}
          <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            {text('industry', 'Industry')}
            {text('domain', 'Domain')}
            {text('business_function', 'Business function')}
            <Select
              label="Adoption level"
              data={[...ADOPTION_LEVELS]}
              clearable
              placeholder="Not set"
              value={form.values.adoption_level || null}
              onChange={(value) => form.setFieldValue('adoption_level', (value ?? '') as UseCaseFields['adoption_level'])}
              error={form.errors.adoption_level}
            />
            {text('ai_technique', 'AI technique')}
            {text('model_type', 'Model type')}
            {text('input_data_type', 'Input data')}
            {text('output_type', 'Output type')}
          </ResponsiveGrid>
          <TagsInput
            label="Tags"
            description="Press Enter or type a comma after each tag"
            placeholder={form.values.tags.length ? '' : 'forecasting, triage…'}
            splitChars={[',', 'Enter']}
            clearable
            {...form.getInputProps('tags')}
          />
          {long('problem_statement', 'Problem statement')}
          {long('solution_summary', 'Solution summary')}
          {long('value_proposition', 'Value proposition')}
          {long('challenges_risks', 'Challenges and risks')}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save Changes' : 'Add Use Case'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
