import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { WAITLIST_SEARCH } from '../registerSearch';
import {
  WAITLIST_REDIRECT_MS,
  saveWaitlistData,
  toWaitlistData,
  waitlistShortcutSchema,
  type WaitlistShortcutValues,
} from './waitlistShortcut';
import responsive from '@/components/responsive.module.css';

const validate = zod4Resolver(waitlistShortcutSchema);
type Field = keyof WaitlistShortcutValues;

/**
 * Name, email and optional company; validates on submit, then on every change
 * after the first submit. A valid submit stores `waitlist_data` (no network
 * call), thanks the visitor and moves to the waitlist registration.
 */
export function WaitlistShortcutForm() {
  const navigate = useNavigate();
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm<WaitlistShortcutValues>({ initialValues: { name: '', email: '', company: '' }, validate });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      void navigate({ to: '/register', search: WAITLIST_SEARCH });
    }, WAITLIST_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const inputProps = (field: Field) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        props.onChange(event);
        if (submitAttempted) form.validateField(field);
      },
    };
  };

  const submit = form.onSubmit(
    (values) => {
      setSubmitAttempted(true);
      saveWaitlistData(toWaitlistData(values));
      setDone(true);
    },
    () => setSubmitAttempted(true),
  );

  return (
    <Paper radius="lg" className={responsive.paddingLgXl} mt="xl" shadow="xl" c="navy.9" maw={520}>
      {done ? (
        <Stack role="status" align="center" gap="xs" ta="center" py="md">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Thank You!
          </Title>
          <Text c="dimmed">Redirecting you to register for future events...</Text>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="waitlist-shortcut-title">
          <Stack gap="md">
            <div>
              <Title order={2} size="h3" id="waitlist-shortcut-title">
                Register your interest
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                Be the first to hear when the next masterclass opens.
              </Text>
            </div>
            <TextInput label="Name" withAsterisk autoComplete="name" {...inputProps('name')} />
            <TextInput label="Email" type="email" withAsterisk autoComplete="email" {...inputProps('email')} />
            <TextInput label="Company (optional)" autoComplete="organization" {...inputProps('company')} />
            <Button type="submit" size="md" radius="xl" color="amber" c="navy.9" fullWidth>
              Join the Waitlist
            </Button>
          </Stack>
        </form>
      )}
    </Paper>
  );
}

export default WaitlistShortcutForm;
