import { useEffect, useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconSend, IconWifiOff } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { newRecordId } from '@/lib/ids';
import { contactOutboxSize, MESSAGE_QUEUED_NOTICE, MESSAGE_SENT_NOTICE, OUTBOX_CHANGED_EVENT, queueContactMessage } from '@/pwa/contactOutbox';
import { isOnline } from '@/pwa/useOnline';
import { describeContactFailure } from './contactFailure';
import { clearContactDraft, readContactDraft, saveContactDraft } from './contactDraft';
import { CONTACT_LIMITS, contactMessageSchema, emptyContactMessage, type ContactMessage } from './contactMessageSchema';
import { sendContactMessage } from './sendContactMessage';
import responsive from '@/components/responsive.module.css';

/** Whether messages written offline still wait on this device (kept up to date). */
function useQueuedMessages(): [boolean, (queued: boolean) => void] {
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    let current = true;
    const check = () =>
      void contactOutboxSize().then(
        (count) => current && setQueued(count > 0),
        () => undefined,
      );
    check();
    window.addEventListener(OUTBOX_CHANGED_EVENT, check);
    return () => {
      current = false;
      window.removeEventListener(OUTBOX_CHANGED_EVENT, check);
    };
  }, []);
  return [queued, setQueued];
}

export function ContactForm() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useQueuedMessages();
  const form = useForm<ContactMessage>({
    mode: 'controlled',
    initialValues: readContactDraft() ?? emptyContactMessage,
    validate: zod4Resolver(contactMessageSchema),
  });

  // What is typed survives a reload until the message is sent or queued.
  const values = form.values;
  useEffect(() => saveContactDraft(values), [values]);

  async function submit(values: ContactMessage) {
    setSending(true);
    setFailure(null);
    // The id goes with the message: sent again after a lost answer, it is stored once.
    const message = { id: newRecordId(), ...contactMessageSchema.parse(values) };
    const queue = async () => {
      await queueContactMessage(message);
      form.reset();
      clearContactDraft();
      setQueued(true);
    };
    try {
      if (!isOnline()) {
        await queue();
        return;
      }
      await sendContactMessage(message);
      form.reset();
      clearContactDraft();
      notify({ topic: 'contact', kind: 'success', ...MESSAGE_SENT_NOTICE });
    } catch (error) {
      if (error instanceof ClientResponseError && error.status === 0) {
        try {
          await queue();
          return;
        } catch (storeError) {
          console.error('Contact message could not be kept on this device', storeError);
        }
      }
      console.error('Contact message was not sent', error);
      const { message, fieldErrors } = describeContactFailure(error);
      form.setErrors(fieldErrors);
      setFailure(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Contact form">
      <Stack gap="md">
        <TextInput
          label="Your Name"
          placeholder="Jane Citizen"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email Address"
          placeholder="jane@company.com.au"
          type="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Subject"
          placeholder="How can we help?"
          required
          maxLength={CONTACT_LIMITS.subject}
          key={form.key('subject')}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          placeholder="Tell us a little about your question"
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={CONTACT_LIMITS.message}
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        {queued && (
          <Alert color="orange" variant="light" title="Message saved" icon={<IconWifiOff size={18} />} role="status">
            {MESSAGE_QUEUED_NOTICE}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" title="Message not sent" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" className={responsive.fullWidthOnPhones} loading={sending} leftSection={<IconSend size={18} />}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
