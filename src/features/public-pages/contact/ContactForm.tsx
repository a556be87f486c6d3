import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconSend } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describeContactFailure } from './contactFailure';
import { CONTACT_LIMITS, contactMessageSchema, emptyContactMessage, type ContactMessage } from './contactMessageSchema';
import { sendContactMessage } from './sendContactMessage';

// Spec section 8: the contact success toast, word for word.
const messageSentNotice = {
  title: 'Message Sent',
  message: "Thank you for your message. We'll get back to you soon!",
} as const;

export function ContactForm() {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactMessage>({
    mode: 'controlled',
    initialValues: emptyContactMessage,
    validate: zod4Resolver(contactMessageSchema),
  });

  async function submit(values: ContactMessage) {
    setSending(true);
    setFailure(null);
    try {
      await sendContactMessage(contactMessageSchema.parse(values));
      form.reset();
      notifications.show({ ...messageSentNotice, color: 'green', icon: <IconCheck size={18} /> });
    } catch (error) {
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
        {failure && (
          <Alert color="red" variant="light" title="Message not sent" icon={<IconAlertCircle size={18} />}>
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }} loading={sending} leftSection={<IconSend size={18} />}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
