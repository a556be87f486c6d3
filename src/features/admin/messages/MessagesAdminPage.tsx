// Contact form messages (admin area): newest first, unread ones marked and
// counted; opening one shows it whole and marks it read; 'Mark as unread'
// puts it back.
import { useCallback, useEffect, useState } from 'react';
import {
  Anchor, Badge, Box, Button, Group, Loader, Modal, Pagination, Paper, SegmentedControl, Stack, Text, Title, UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMail, IconMailOpened, IconReload } from '@tabler/icons-react';
import { asSpan } from '@/components/renderAs';
import lists from '@/components/lists.module.css';
import { notify } from '@/components/notify';
import { Collections } from '@/lib/collections';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import classes from './MessagesAdminPage.module.css';
import { PREFETCH, takePrefetched } from '../shell/prefetched';
import { FIRST_MESSAGES, countUnread, listMessages, markRead, type ContactMessage, type MessagePage } from './messagesApi';
import { useLiveReload } from '../useLiveReload';

const PER_PAGE = FIRST_MESSAGES.perPage;
const EMPTY: MessagePage = { items: [], totalItems: 0, totalPages: 0 };
const FORMAT = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

function formatWhen(value: string): string {
  const date = parsePocketBaseDate(value);
  return value && !Number.isNaN(date.getTime()) ? FORMAT.format(date) : '';
}

const unreadLine = (count: number) => (count === 0 ? 'No unread messages' : `${count} unread ${count === 1 ? 'message' : 'messages'}`);

export function MessagesAdminPage() {
  const phone = useMediaQuery('(max-width: 48em)');
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const key = `${page}|${show}|${reloads}`;
  const [loaded, setLoaded] = useState<{ key: string; data: MessagePage; unread: number }>({ key: '', data: EMPTY, unread: 0 });
  /** Marks changed here since the last load, shown at once. */
  const [marks, setMarks] = useState<Record<string, boolean>>({});
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const [marking, setMarking] = useState(false);

  useEffect(() => {
    let current = true;
    const list = () => listMessages(page, PER_PAGE, show === 'unread');
    // the opening page and count may be on their way already (asked for when the link was pressed)
    const opening = page === FIRST_MESSAGES.page && show === 'all' && key.endsWith('|0');
    Promise.all(opening ? [takePrefetched(PREFETCH.messages, list), takePrefetched(PREFETCH.unread, countUnread)] : [list(), countUnread()])
      .then(([data, unread]) => {
        if (!current) return;
        setLoaded({ key, data, unread });
        setMarks({});
      })
      .catch(() => {
        if (!current) return;
        notify({ topic: 'messages-load', kind: 'error', title: 'Error', message: 'Failed to load messages. Please try again.' });
        setLoaded((previous) => ({ ...previous, key }));
      });
    return () => {
      current = false;
    };
  }, [key, page, show]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  useLiveReload(Collections.contactMessages, reload);
  const loading = loaded.key !== key;
  const items = loaded.data.items.map((item) => ({ ...item, read: marks[item.id] ?? item.read }));
  const unread = loaded.unread + Object.entries(marks).reduce((sum, [id, read]) => {
    const before = loaded.data.items.find((item) => item.id === id)?.read;
    return before === undefined || before === read ? sum : sum + (read ? -1 : 1);
  }, 0);

  const setMark = async (message: ContactMessage, read: boolean): Promise<boolean> => {
    setMarks((current) => ({ ...current, [message.id]: read }));
    try {
      await markRead(message.id, read);
      return true;
    } catch {
      setMarks((current) => ({ ...current, [message.id]: !read }));
      notify({ topic: 'message-read', kind: 'error', title: 'Error', message: read ? 'Failed to mark the message read' : 'Failed to mark the message unread' });
      return false;
    }
  };

  const open = (message: ContactMessage) => {
    setOpened(message);
    if (!message.read) void setMark(message, true);
  };

  const markUnread = async () => {
    if (!opened) return;
    setMarking(true);
    const done = await setMark(opened, false);
    setMarking(false);
    if (done) {
      notify({ topic: 'message-read', kind: 'success', message: 'Marked as unread' });
      setOpened(null);
    }
  };

  return (
    <Stack gap="lg" maw={1000} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2" c="navy.9">
            Messages
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed">Sent through the contact form, newest first.</Text>
            <Badge color={unread > 0 ? 'red' : 'gray'} variant={unread > 0 ? 'filled' : 'light'} tt="none" aria-live="polite">
              {unreadLine(unread)}
            </Badge>
          </Group>
        </div>
        <Group gap="sm">
          <SegmentedControl
            value={show}
            onChange={(value) => {
              setShow(value as 'all' | 'unread');
              setPage(1);
            }}
            data={[
              { label: 'All', value: 'all' },
              { label: 'Unread', value: 'unread' },
            ]}
            aria-label="Show"
          />
          <Button variant="default" leftSection={<IconReload size={16} />} onClick={reload} loading={loading && loaded.key !== ''}>
            Refresh
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {loading && loaded.key === '' && (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label="Loading messages" />
          </Group>
        )}
        {!loading && items.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {show === 'unread' ? 'No unread messages' : 'No messages yet'}
          </Text>
        )}
        {items.length > 0 && (
          <ul className={lists.plain} aria-label="Messages">
            {items.map((message) => {
              const label = `${message.read ? '' : 'Unread: '}${message.subject} from ${message.name}`;
              // The list item and its button carry the same name; the button holds phrasing content only.
              return (
                <li key={message.id} aria-label={label}>
                  <UnstyledButton
                    aria-label={label}
                    onClick={() => open(message)}
                    display="block"
                    w="100%"
                    px="md"
                    py="sm"
                    bg={message.read ? undefined : 'blue.0'}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                  >
                    <Group renderRoot={asSpan} wrap="nowrap" align="flex-start" gap="sm">
                      <Box component="span" className={classes.envelope} mt={2}>
                        {message.read ? <IconMailOpened size={20} color="var(--mantine-color-gray-6)" /> : <IconMail size={20} color="var(--mantine-color-navy-9)" />}
                        {!message.read && <span className={classes.unreadDot} />}
                      </Box>
                      <Box component="span" display="block" style={{ minWidth: 0, flex: 1 }}>
                        <Group renderRoot={asSpan} justify="space-between" wrap="nowrap" gap="xs">
                          <Text span display="block" size="sm" fw={message.read ? 500 : 800} truncate>
                            {message.name}
                            {!phone && (
                              <Text span size="sm" c="dimmed" fw={400}>
                                {' '}
                                &lt;{message.email}&gt;
                              </Text>
                            )}
                          </Text>
                          <Text span display="block" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {formatWhen(message.created)}
                          </Text>
                        </Group>
                        <Text span display="block" size="sm" fw={message.read ? 400 : 700} truncate>
                          {message.subject}
                        </Text>
                        <Text span size="xs" c="dimmed" lineClamp={1}>
                          {message.message}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </ul>
        )}
        {loaded.data.totalItems > 0 && (
          <Group justify="space-between" p="sm" gap="sm">
            <Text size="sm" c="dimmed">
              Showing {items.length} of {loaded.data.totalItems} messages
            </Text>
            {loaded.data.totalPages > 1 && (
              <Pagination size="sm" total={loaded.data.totalPages} value={page} onChange={setPage} siblings={1} boundaries={1} />
            )}
          </Group>
        )}
      </Paper>

      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={<Text fw={700}>{opened?.subject}</Text>}
        size="lg"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && (
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm">
                From <b>{opened.name}</b>{' '}
                <Anchor href={`mailto:${opened.email}`} size="sm">
                  {opened.email}
                </Anchor>
              </Text>
              <Text size="xs" c="dimmed">
                Received {formatWhen(opened.created)}
              </Text>
            </Stack>
            <Paper withBorder p="md" radius="md" bg="gray.0">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {opened.message}
              </Text>
            </Paper>
            <Group justify="space-between">
              <Button variant="default" leftSection={<IconMail size={16} />} onClick={() => void markUnread()} loading={marking}>
                Mark as unread
              </Button>
              <Button component="a" href={`mailto:${opened.email}?subject=${encodeURIComponent(`Re: ${opened.subject}`)}`}>
                Reply by email
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
