// The user's business cases on this device, newest first: open, duplicate, delete.
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type BusinessCaseRow } from '@/db';
import { notify } from '@/components/notify';
import { deleteCase, duplicateCase } from './caseActions';
import { caseFinancials, readCaseFields } from './caseFields';
import { money } from './formatFigures';

/** Not yet on the server ('' stamp) first, then the most recently updated. */
const newestFirst = (a: BusinessCaseRow, b: BusinessCaseRow) => (a.updated === '' ? -1 : b.updated === '' ? 1 : b.updated.localeCompare(a.updated));

export function CaseList({ owner, onOpen }: { owner: string; onOpen: (id: string) => void }) {
  const cases = useLiveQuery(async () => (await db.businessCases.where('owner').equals(owner).toArray()).sort(newestFirst), [owner]);
  const [deleting, setDeleting] = useState<BusinessCaseRow | null>(null);
  if (!cases) return null;

  const duplicate = async (row: BusinessCaseRow) => {
    try {
      await duplicateCase(db, owner, row);
      notify({ topic: 'business-case', kind: 'success', message: `“${row.title}” duplicated.` });
    } catch {
      notify({ topic: 'business-case', kind: 'error', title: 'Could not duplicate', message: 'This device could not store the copy.' });
    }
  };
  const remove = async (row: BusinessCaseRow) => {
    setDeleting(null);
    try {
      await deleteCase(db, row.id);
      notify({ topic: 'business-case', kind: 'success', message: `“${row.title}” deleted.` });
    } catch {
      notify({ topic: 'business-case', kind: 'error', title: 'Could not delete', message: 'This device could not store the change.' });
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="your-cases">
      <Title order={2} size="h4" id="your-cases">Your business cases</Title>
      {cases.length === 0 && <Text c="dimmed">You have no business cases yet. Create one to get started.</Text>}
      {cases.map((row) => {
        const fields = readCaseFields(row);
        const figures = caseFinancials(fields);
        return (
          <Card key={row.id} withBorder radius="md" padding="md" component="article" aria-label={row.title}>
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={600} c="navy.9" truncate>{row.title}</Text>
                  <Badge size="sm" variant="light" color={row.status === 'ready' ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>{row.status === 'ready' ? 'Ready' : 'Draft'}</Badge>
                </Group>
                <Text size="sm" c="dimmed">Total cost {money(figures.totalCostCents)} · NPV {money(figures.npvCents)}</Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" onClick={() => onOpen(row.id)}>Open</Button>
                <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => void duplicate(row)}>Duplicate</Button>
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(row)}>Delete</Button>
              </Group>
            </Group>
          </Card>
        );
      })}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this business case?" centered>
        <Text size="sm">“{deleting?.title}” will be deleted from this device and your account. This cannot be undone.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="red" onClick={() => deleting && void remove(deleting)}>Delete</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
