// 'Send a colleague in my place' on Your Registration: until the substitution
// cut-off, a colleague (name, email, company, job title) takes the seat; the
// answer says whom the seat now belongs to.
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserShare } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { requestSync } from '@/sync';
import { ClosedNote } from './ClosedNote';
import { MyRegistrationRefused, sendColleague, type ColleagueValues, type MyRegistration } from './myRegistrationApi';

const EMPTY_COLLEAGUE: ColleagueValues = { fullName: '', email: '', company: '', jobTitle: '' };

export function ColleagueSection({
  attendeeId, server, schema, onPassed,
}: { attendeeId: string; server: MyRegistration | null; schema: z.ZodType<ColleagueValues>; onPassed: (answer: MyRegistration) => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passedTo, setPassedTo] = useState<string | null>(null);
  const form = useForm<ColleagueValues>({ initialValues: EMPTY_COLLEAGUE, validate: zod4Resolver(schema, { errorPriority: 'first' }) });
  const open = server?.substitution.open === true;

  const submit = async (values: ColleagueValues) => {
    setSending(true);
    setError(null);
    try {
      const answer = await sendColleague(attendeeId, values);
      setPassedTo(answer.colleague?.fullName ?? values.fullName);
      setOpened(false);
      onPassed(answer);
      void requestSync();
    } catch (caught) {
      const refusal = caught instanceof MyRegistrationRefused ? caught : null;
      if (refusal && Object.keys(refusal.fields).length > 0) form.setErrors(refusal.fields);
      else setError(refusal?.message ?? 'Your colleague could not be sent in your place.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`colleague-${attendeeId}`}>
      <Title order={3} size="h4" id={`colleague-${attendeeId}`} mb="xs">
        Send a colleague in my place
      </Title>
      {passedTo ? (
        <Alert color="green" variant="light" role="status" title="Seat passed on">
          Your seat now belongs to {passedTo}. We have emailed them their ticket and an invitation to the attendee portal; your own ticket no
          longer admits anyone.
        </Alert>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            If you cannot come, a colleague can take your seat. They get a new ticket and an invitation; your ticket stops working and the
            masterclass leaves your portal. Your account stays.
          </Text>
          {server && !open && <ClosedNote server={server} what="substitution" />}
          {open && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                Possible until {server.substitution.untilText}.
              </Text>
              <Button variant="default" leftSection={<IconUserShare size={18} />} onClick={() => setOpened(true)}>
                Send a colleague
              </Button>
            </Group>
          )}
        </Stack>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Send a colleague in my place"
        size="lg"
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">Your colleague’s details, as they will appear on their ticket:</Text>
            <TextInput label="Full Name" required autoComplete="off" maxLength={200} {...form.getInputProps('fullName')} />
            <TextInput label="Email" type="email" required autoComplete="off" maxLength={254} {...form.getInputProps('email')} />
            <TextInput label="Company" required maxLength={200} {...form.getInputProps('company')} />
            <TextInput label="Job Title" required maxLength={200} {...form.getInputProps('jobTitle')} />
            <Text size="sm">Once you confirm, your seat is theirs: this cannot be undone here.</Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                Keep my seat
              </Button>
              <Button type="submit" loading={sending} color="navy">
                Give my seat to this colleague
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </section>
  );
}
