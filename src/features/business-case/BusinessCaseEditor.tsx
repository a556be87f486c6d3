// One business case, read from this device: the builder, or a clear note when
// the case is not here (deleted, or another account's link).
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { CaseBuilder } from './CaseBuilder';
import { clampStep } from './caseSteps';

interface BusinessCaseEditorProps {
  caseId: string;
  owner: string;
  step: number | undefined;
  onStep: (step: number) => void;
  onClose: () => void;
}

export function BusinessCaseEditor({ caseId, owner, step, onStep, onClose }: BusinessCaseEditorProps) {
  // null = looked and not found (undefined while looking).
  const row = useLiveQuery(async () => (await db.businessCases.get(caseId)) ?? null, [caseId]);
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
  return <CaseBuilder key={row.id} row={row} owner={owner} step={clampStep(step)} onStep={onStep} onClose={onClose} />;
}
