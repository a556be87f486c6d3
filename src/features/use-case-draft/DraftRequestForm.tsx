// The four things the attendee describes; checked with the rules the server
// applies, with a message under each field that is not right.
import { Autocomplete, Button, Card, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSparkles } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useOnline } from '@/pwa/useOnline';
import rules from '@shared/use-case-draft-rules.json';
import type { RequestValues } from './customDraftStorage';
import { draftRequestSchema, type DraftRequest } from './draftSchema';

const validate = zod4Resolver(draftRequestSchema, { errorPriority: 'first' });

interface DraftRequestFormProps {
  initialValues: RequestValues;
  /** Industries of the library, offered as the attendee types. */
  industries: string[];
  busy: boolean;
  onChange: (values: RequestValues) => void;
  onGenerate: (request: DraftRequest) => void;
}

export function DraftRequestForm({ initialValues, industries, busy, onChange, onGenerate }: DraftRequestFormProps) {
  const online = useOnline();
  const form = useForm<RequestValues>({ initialValues, validate, onValuesChange: onChange });
  const submit = form.onSubmit((values) => onGenerate(draftRequestSchema.parse(values)));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="describe-use-case">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="describe-use-case">
            Describe your use case
          </Title>
          <Autocomplete
            label="Industry"
            placeholder="e.g. Healthcare"
            data={industries}
            maxLength={rules.request.industry.max}
            withAsterisk
            {...form.getInputProps('industry')}
          />
          <TextInput
            label="Business function"
            placeholder="e.g. Customer service"
            maxLength={rules.request.businessFunction.max}
            withAsterisk
            {...form.getInputProps('businessFunction')}
          />
          <Textarea
            label="The problem"
            description="What goes wrong or takes too long today, and for whom?"
            placeholder="e.g. Customers call with the same questions about orders and deliveries every day, and wait on hold."
            autosize
            minRows={3}
            maxLength={rules.request.problem.max}
            withAsterisk
            {...form.getInputProps('problem')}
          />
          <Textarea
            label="Data available"
            description="Which records, documents or systems could an AI learn from?"
            placeholder="e.g. Two years of call notes, order history and our FAQ pages"
            autosize
            minRows={2}
            maxLength={rules.request.dataAvailable.max}
            withAsterisk
            {...form.getInputProps('dataAvailable')}
          />
          {busy && (
            <Text size="sm" c="dimmed" role="status">
              Drafting your use case…
            </Text>
          )}
          {!online && (
            <Text size="sm" c="dimmed">
              You're offline: the use case will be drafted on this device from the built-in template.
            </Text>
          )}
          <div>
            <Button type="submit" color="amber" c="navy.9" loading={busy} leftSection={<IconSparkles size={18} />}>
              Generate Use Case
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
