// Your details on Your Registration: phone number and dietary requirements,
// saved until the details cut-off (the server's), then shown read-only.
import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import type { AttendeeRow } from '@/db';
import { requestSync } from '@/sync';
import { ClosedNote } from './ClosedNote';
import { MyRegistrationRefused, saveDetails, type DetailsValues, type MyRegistration } from './myRegistrationApi';

export function DetailsSection({
  attendee, server, schema, onSaved,
}: { attendee: AttendeeRow; server: MyRegistration | null; schema: z.ZodType<DetailsValues>; onSaved: (answer: MyRegistration) => void }) {
  const open = server?.details.open === true;
  const form = useForm<DetailsValues>({
    initialValues: { phoneNumber: attendee.phone_number ?? '', dietaryRequirements: attendee.dietary_requirements ?? '' },
    validate: zod4Resolver(schema, { errorPriority: 'first' }),
  });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: DetailsValues) => {
    setSaving(true);
    setSaved(false);
    setError(null);
    try {
      const answer = await saveDetails(attendee.id, values);
      form.setValues({ phoneNumber: answer.attendee.phoneNumber, dietaryRequirements: answer.attendee.dietaryRequirements });
      form.resetDirty({ phoneNumber: answer.attendee.phoneNumber, dietaryRequirements: answer.attendee.dietaryRequirements });
      onSaved(answer);
      setSaved(true);
      void requestSync();
    } catch (caught) {
      const refusal = caught instanceof MyRegistrationRefused ? caught : null;
      if (refusal && Object.keys(refusal.fields).length > 0) form.setErrors(refusal.fields);
      else setError(refusal?.message ?? 'Your details could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(save)} noValidate aria-labelledby={`details-${attendee.id}`}>
      <Title order={3} size="h4" id={`details-${attendee.id}`} mb="xs">
        Your details
      </Title>
      <Stack gap="sm">
        {/* Read-only (offline, loading, after the cut-off) looks it: filled, not outlined. */}
        <TextInput
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={40}
          readOnly={!open}
          variant={open ? 'default' : 'filled'}
          required={open}
          {...form.getInputProps('phoneNumber')}
        />
        <Textarea
          label="Dietary Requirements"
          description="Allergies, intolerances or preferences the caterers should know about"
          autosize
          minRows={2}
          maxLength={1000}
          readOnly={!open}
          variant={open ? 'default' : 'filled'}
          {...form.getInputProps('dietaryRequirements')}
        />
        {server && !open && <ClosedNote server={server} what="details" />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {open && (
          <Group justify="space-between" gap="sm">
            {saved ? (
              <Group gap={6} role="status">
                <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden />
                <Text size="sm" fw={600}>
                  Your details have been saved
                </Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                You can change these until {server.details.untilText}.
              </Text>
            )}
            <Button type="submit" loading={saving}>
              Save details
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
