// The email outbox (admin area): every message the site sent or will send,
// newest first, with its kind, status, attempts, last error and next attempt.
// A row opens the message; Retry sends a failed one again, Resend a delivered
// one as a copy where the server allows it (useEmailResend).
import { useCallback, useEffect, useState } from 'react';
import {
  ActionIcon, Badge, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, Title, Tooltip, UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { asListItem, asSpan } from '@/components/renderAs';
import lists from '@/components/lists.module.css';
import { IconMailForward, IconRefresh, IconReload } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { Collections } from '@/lib/collections';
import { EmailDetailDrawer } from './EmailDetailDrawer';
import { formatWhen, kindWords, STATUS_LOOK, whenParts } from './emailFormat';
import { EMAIL_STATUSES, countFailed, listEmails, readEmail, retryEmail, type EmailPage, type EmailStatus, type OutboxEmail } from './emailsApi';
import { useLiveReload } from '../useLiveReload';
import { useEmailResend } from './useEmailResend';

const PER_PAGE = 20;
const EMPTY: EmailPage = { items: [], totalItems: 0, totalPages: 0 };

function StatusBadge({ status }: { status: EmailStatus }) {
  return (
    <Badge
      color={STATUS_LOOK[status].color}
      variant="light"
      style={{ flexShrink: 0 }}
      // dark text: readable on a striped or highlighted row too (the colour is in the background)
      styles={{ label: { overflow: 'visible', color: 'var(--mantine-color-dark-8)' } }}
    >
      {STATUS_LOOK[status].label}
    </Badge>
  );
}

export function EmailsAdminPage() {
  const phone = useMediaQuery('(max-width: 48em)');
  const [status, setStatus] = useState<EmailStatus | null>(null);
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const key = `${page}|${status ?? ''}|${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; data: EmailPage; failed: number }>({ key: '', data: EMPTY, failed: 0 });
  const [openedId, setOpenedId] = useState<string | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([listEmails(page, PER_PAGE, status), countFailed()])
      .then(([data, failed]) => current && setLoaded({ key, data, failed }))
      .catch(() => {
        if (!current) return;
        notify({ topic: 'emails-load', kind: 'error', title: 'Error', message: 'Failed to load emails. Please try again.' });
        setLoaded((previous) => ({ ...previous, key }));
      });
    return () => {
      current = false;
    };
  }, [key, page, status]);

  const { data, failed: failedCount } = loaded;
  const loading = loaded.key !== key;
  // the open message follows the list's latest state (after a retry, say)
  const [openedSnapshot, setOpenedSnapshot] = useState<OutboxEmail | null>(null);
  const opened = openedId ? (data.items.find((item) => item.id === openedId) ?? openedSnapshot) : null;
  const setOpened = (email: OutboxEmail | null) => {
    setOpenedId(email?.id ?? null);
    setOpenedSnapshot(email);
  };

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  useLiveReload(Collections.emails, reload);
  const emailResend = useEmailResend(data.items, reload);

  const retry = async (email: OutboxEmail) => {
    setRetrying(email.id);
    const outcome = await retryEmail(email.id);
    // the open message shows its new state even when the list no longer holds it (the Failed view)
    const fresh = await readEmail(email.id).catch(() => null);
    if (fresh) setOpenedSnapshot((current) => (current?.id === email.id ? fresh : current));
    setRetrying(null);
    if (outcome.ok) {
      notify({ topic: 'email-send', kind: 'success', message: outcome.status === 'captured' ? `Email to ${email.to} captured (no mail server is set up)` : `Email sent to ${email.to}` });
    } else {
      notify({ topic: 'email-send', kind: outcome.queued ? 'warning' : 'error', title: outcome.queued ? 'Not sent yet' : 'Error', message: outcome.message });
    }
    reload();
  };

  const retryButton = (email: OutboxEmail) =>
    email.status === 'failed' ? (
      <Tooltip label="Retry">
        <ActionIcon
          variant="light"
          aria-label={`Retry email to ${email.to}`}
          loading={retrying === email.id}
          onClick={(event) => {
            event.stopPropagation();
            void retry(email);
          }}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const resendButton = (email: OutboxEmail) =>
    emailResend.optionFor(email)?.allowed ? (
      <Tooltip label="Resend a copy">
        <ActionIcon
          variant="light"
          aria-label={`Resend email to ${email.to}`}
          loading={emailResend.resending === email.id}
          onClick={(event) => {
            event.stopPropagation();
            void emailResend.resend(email);
          }}
        >
          <IconMailForward size={16} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  const actions = (email: OutboxEmail) => retryButton(email) ?? resendButton(email);

  const empty = !loading && data.items.length === 0;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            Emails
          </Title>
          <Text c="dimmed" mt={4}>
            Every message the site sends, newest first.{' '}
            {failedCount > 0 ? `${failedCount} failed ${failedCount === 1 ? 'email needs' : 'emails need'} a retry.` : 'No failed emails.'}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            w={150}
            placeholder="All"
            clearable
            data={EMAIL_STATUSES.map((value) => ({ value, label: STATUS_LOOK[value].label }))}
            value={status}
            onChange={(value) => {
              setStatus(value as EmailStatus | null);
              setPage(1);
            }}
          />
          <Button variant="default" leftSection={<IconReload size={16} />} onClick={reload} loading={loading && data.items.length > 0}>
            Refresh
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {loading && data.items.length === 0 && (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Loading emails" />
          </Group>
        )}
        {empty && (
          <Text c="dimmed" ta="center" py="xl">
            No emails found
          </Text>
        )}
        {data.items.length > 0 && phone && (
          <ul className={lists.plain} aria-label="Emails">
            {data.items.map((email) => {
              const label = `${email.subject} to ${email.to}`;
              // The email opens from its details, a button of phrasing content; its actions sit beside it, not inside.
              return (
                <Group
                  renderRoot={asListItem}
                  key={email.id}
                  aria-label={label}
                  justify="space-between"
                  wrap="nowrap"
                  align="flex-start"
                  gap="xs"
                  p="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <UnstyledButton aria-label={label} onClick={() => setOpened(email)} style={{ minWidth: 0, flex: 1, alignSelf: 'stretch' }}>
                    <Stack renderRoot={asSpan} gap={2}>
                      <Text span size="sm" fw={600} lineClamp={2}>
                        {email.subject}
                      </Text>
                      <Text span display="block" size="xs" c="dimmed">
                        {kindWords(email.template)}
                        {email.resent_from ? ' · resent copy' : ''}
                      </Text>
                      <Text span display="block" size="xs" c="dimmed" truncate>
                        {email.to} · {formatWhen(email.created)}
                      </Text>
                      <Text span display="block" size="xs" c="dimmed">
                        Attempts {email.attempts}
                        {email.next_attempt_at ? ` · next ${formatWhen(email.next_attempt_at)}` : ''}
                      </Text>
                      {email.last_error && (
                        <Text span size="xs" c="red" lineClamp={2}>
                          {email.last_error}
                        </Text>
                      )}
                    </Stack>
                  </UnstyledButton>
                  <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                    <StatusBadge status={email.status} />
                    {actions(email)}
                  </Stack>
                </Group>
              );
            })}
          </ul>
        )}
        {data.items.length > 0 && !phone && (
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover striped aria-label="Emails" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th miw={200}>Subject</Table.Th>
                  <Table.Th w={112}>Status</Table.Th>
                  <Table.Th w={140}>Attempts / next</Table.Th>
                  <Table.Th w={200}>Last error</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((email) => (
                  <Table.Tr key={email.id} onClick={() => setOpened(email)} style={{ cursor: 'pointer' }}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{whenParts(email.created)?.[0] ?? '—'}</Text>
                      <Text size="xs" c="dimmed">
                        {whenParts(email.created)?.[1]}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={180}>
                      <Text size="sm" truncate title={email.to}>
                        {email.to}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={200}>
                      <Text size="sm" lineClamp={2}>
                        {email.subject}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {kindWords(email.template)}
                        {email.resent_from ? ' · resent copy' : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={104}>
                      <StatusBadge status={email.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{email.attempts}</Text>
                      {email.next_attempt_at && (
                        <Text size="xs" c="dimmed">
                          next {formatWhen(email.next_attempt_at)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td maw={220}>
                      <Text size="xs" c={email.last_error ? 'red' : 'dimmed'} lineClamp={2}>
                        {email.last_error || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{actions(email)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data.totalItems > 0 && (
          <Group justify="space-between" p="sm" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text size="sm" c="dimmed">
              Showing {data.items.length} of {data.totalItems} emails
            </Text>
            {data.totalPages > 1 && (
              <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} siblings={1} boundaries={1} />
            )}
          </Group>
        )}
      </Paper>

      <EmailDetailDrawer
        email={opened}
        retrying={opened !== null && retrying === opened.id}
        onRetry={(email) => void retry(email)}
        resendOption={opened ? emailResend.optionFor(opened) : undefined}
        resending={opened !== null && emailResend.resending === opened.id}
        onResend={(email) => void emailResend.resend(email)}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
