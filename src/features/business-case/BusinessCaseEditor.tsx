// One business case, read from this device: the builder, or a clear note when
// the case is not here (deleted, or another account's link). A new case is
// shown from its starting fields and stored on its first real input.
import { useMemo } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { unsavedCaseRow } from './caseActions';
import type { CaseFields } from './caseFields';
import { CaseBuilder } from './CaseBuilder';
import { clampStep } from './caseSteps';

interface BusinessCaseEditorProps {
  caseId: string;
  owner: string;
  step: number | undefined;
  onStep: (step: number) => void;
  onClose: () => void;
  /** A new case not stored yet: the fields it starts with (undefined for an existing case). */
  newCase?: Partial<CaseFields>;
  /** Called once the new case has been stored. */
  onCreated?: () => void;
}

export function BusinessCaseEditor({ caseId, owner, step, onStep, onClose, newCase, onCreated }: BusinessCaseEditorProps) {
  // null = looked and not found (undefined while looking).
  const storedRow = useLiveQuery(async () => (await db.businessCases.get(caseId)) ?? null, [caseId]);
  const unsaved = useMemo(() => (newCase ? unsavedCaseRow(caseId, owner, newCase) : null), [newCase, caseId, owner]);
  const isNew = storedRow === null && unsaved !== null;
  const row = isNew ? unsaved : storedRow;
  if (row === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the business case" />
      </Center>
    );
  }
  if (row === null || row.owner !== owner) {
    return (
      <Stack maw={640} mx="auto">
        <Alert color="yellow" title="Business case not found">
          This business case is not on this device. It may have been deleted.
        </Alert>
        <div>
          <Button onClick={onClose}>All business cases</Button>
        </div>
      </Stack>
    );
  }
  // Keyed by case: opening another case starts a fresh form.
  return <CaseBuilder key={row.id} row={row} owner={owner} step={clampStep(step)} onStep={onStep} onClose={onClose} stored={!isNew} onCreated={onCreated} />;
}
