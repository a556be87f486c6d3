// One outbox email: its delivery state and the message as it was rendered,
// in a frame that runs nothing (sandbox="" with srcdoc: no scripts, no forms,
// no same-origin access, no navigation of this page). What administrators
// see of a message that carries a sign-in secret is its redacted copy; images
// sent inside the message (the ticket's QR code) are shown from the server.
// Resend is offered where the server allows it, otherwise it says why not.
// The files a sent message carried (tax invoice, calendar file, the QR code
// shown inside it) are listed with their type and size.
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Code, Drawer, Group, List, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward, IconPaperclip, IconRefresh } from '@tabler/icons-react';
import { fileTypeWords, formatFileSize, formatWhen, kindWords, STATUS_LOOK } from './emailFormat';
import { readEmail, type EmailAttachment, type OutboxEmail, type OutboxMessage, type ResendOption } from './emailsApi';

export interface EmailDetailDrawerProps {
  email: OutboxEmail | null;
  retrying: boolean;
  onRetry: (email: OutboxEmail) => void;
  /** Whether Resend is offered (undefined while the server is asked). */
  resendOption: ResendOption | undefined;
  resending: boolean;
  onResend: (email: OutboxEmail) => void;
  onClose: () => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={112} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The files the message carried: name, type and size; an image shown inside the message says so. */
function AttachmentList({ files }: { files: EmailAttachment[] }) {
  return (
    <Stack gap={4} component="section" aria-labelledby="email-attachments-heading">
      <Text fw={600} id="email-attachments-heading">
        Attachments ({files.length})
      </Text>
      <List spacing={4} size="sm" icon={<IconPaperclip size={14} aria-hidden />} aria-label="Files this email carried">
        {files.map((file) => (
          <List.Item key={`${file.name}|${file.inline ? 'inline' : 'file'}`}>
            <Text size="sm" component="span" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Text size="sm" component="span" c="dimmed">
              {` · ${fileTypeWords(file.type)} · ${formatFileSize(file.size)}${file.inline ? ' · shown inside the message' : ''}`}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function EmailDetailDrawer({ email, retrying, onRetry, resendOption, resending, onResend, onClose }: EmailDetailDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const stamp = email ? `${email.id}|${email.status}|${email.attempts}|${email.last_error}` : '';
  const [loaded, setLoaded] = useState<{ stamp: string; message: OutboxMessage | null; failed: boolean }>({ stamp: '', message: null, failed: false });
  const [view, setView] = useState<'html' | 'text' | null>(null);

  useEffect(() => {
    if (!email) return;
    let current = true;
    readEmail(email.id)
      .then((message) => current && setLoaded({ stamp, message, failed: false }))
      .catch(() => current && setLoaded({ stamp, message: null, failed: true }));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again when the email or its state changes
  }, [stamp]);

  const fresh = loaded.stamp === stamp;
  const message = fresh ? loaded.message : null;
  const failed = fresh && loaded.failed;
  const shownView = view ?? (message?.html ? 'html' : 'text');
  const shown = message ?? email;
  return (
    <Drawer
      opened={email !== null}
      onClose={() => {
        setView(null);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<Text fw={700}>{email?.subject ?? ''}</Text>}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown && (
        <Stack gap="md">
          <Stack gap={6}>
            <Fact label="To">{shown.to}</Fact>
            <Fact label="Status">
              <Badge color={STATUS_LOOK[shown.status].color} variant="light" styles={{ label: { color: 'var(--mantine-color-dark-8)' } }}>
                {STATUS_LOOK[shown.status].label}
              </Badge>
            </Fact>
            {shown.template && <Fact label="Kind">{kindWords(shown.template)}</Fact>}
            {shown.resent_from && <Fact label="Resent">{message?.resentBy ? `A copy sent again by ${message.resentBy}` : 'A copy sent again by an administrator'}</Fact>}
            <Fact label="Attempts">{shown.attempts}</Fact>
            <Fact label="Created">{formatWhen(shown.created)}</Fact>
            {shown.sent_at && <Fact label="Sent">{formatWhen(shown.sent_at)}</Fact>}
            <Fact label="Next attempt">{formatWhen(shown.next_attempt_at)}</Fact>
          </Stack>
          {shown.last_error && (
            <Alert color="red" variant="light" title="Last error">
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {shown.last_error}
              </Code>
            </Alert>
          )}
          {shown.status === 'failed' && (
            <Group>
              <Button leftSection={<IconRefresh size={16} />} loading={retrying} onClick={() => email && onRetry(email)}>
                Retry
              </Button>
            </Group>
          )}
          {resendOption?.allowed && (
            <Group>
              <Button leftSection={<IconMailForward size={16} />} loading={resending} onClick={() => email && onResend(email)}>
                Resend
              </Button>
            </Group>
          )}
          {resendOption && !resendOption.allowed && resendOption.reason && shown.status !== 'failed' && (
            <Text size="sm" c="dimmed">
              Not offered for resending: {resendOption.reason}
            </Text>
          )}
          {message && message.attachments.length > 0 && <AttachmentList files={message.attachments} />}
          {failed && <Alert color="red">The message could not be loaded. Try again.</Alert>}
          {!message && !failed && <Loader size="sm" aria-label="Loading the message" />}
          {message && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>Message</Text>
                <SegmentedControl
                  size="xs"
                  value={shownView}
                  onChange={(value) => setView(value as 'html' | 'text')}
                  data={[
                    { label: 'Rendered', value: 'html', disabled: !message.html },
                    { label: 'Plain text', value: 'text', disabled: !message.text },
                  ]}
                />
              </Group>
              {shownView === 'html' && message.html ? (
                <Box
                  component="iframe"
                  title={`Rendered message: ${message.subject}`}
                  sandbox=""
                  srcDoc={message.html}
                  referrerPolicy="no-referrer"
                  w="100%"
                  h={phone ? 480 : 560}
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
                />
              ) : (
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.text || 'This message has no plain text part.'}
                </Code>
              )}
              <Text size="xs" c="dimmed">
                Sign-in links and codes are hidden here: the working copy goes only to the recipient.
              </Text>
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
