// A change the server refused because the same field was changed there too:
// each field with the user's value and the server's, and the two ways out —
// "Keep mine" (sent again, the server takes the user's value) and "Use the
// server's" (the change is dropped, the record shows the server's version).
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxRow } from '@/db';
import { localTable } from '@/sync/localTable';
import { keepMine, takeServers } from '@/sync/resolveConflict';

const recordLabels: Record<string, string> = {
  users: 'Your profile',
  readiness_assessments: 'Your readiness assessment',
  business_cases: 'Your business case',
  saved_use_cases: 'A saved use case',
};

/** job_title → Job title. */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a person reads it: text as is, nothing as "(empty)", anything else shortened. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export function ConflictChange({ change }: { change: OutboxRow & { seq: number } }) {
  // The row holds the server's version: a pull after the refusal brought it.
  const server = useLiveQuery(() => localTable(db, change.collection)?.get(change.recordId), [change.collection, change.recordId]);
  const fields = change.conflict ?? [];
  return (
    <Stack gap={6} data-testid="sync-conflict">
      <Text size="sm" fw={600}>
        {recordLabels[change.collection] ?? change.collection} was also changed on the server.
      </Text>
      {fields.map((field) => (
        <Stack key={field} gap={0} data-testid={`conflict-${field}`}>
          <Text size="xs" fw={700}>{fieldLabel(field)}</Text>
          <Text size="xs">Yours: <Text span inherit fw={600}>{shownValue(change.patch[field])}</Text></Text>
          <Text size="xs">On the server: <Text span inherit fw={600}>{server ? shownValue(server[field]) : '…'}</Text></Text>
        </Stack>
      ))}
      <Group gap="xs">
        <Button size="compact-xs" onClick={() => void keepMine(db, change.seq)}>Keep mine</Button>
        <Button size="compact-xs" variant="default" onClick={() => void takeServers(db, change.seq)}>Use the server&apos;s</Button>
      </Group>
    </Stack>
  );
}
