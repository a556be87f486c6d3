// The AI Readiness tool: the introduction (with results so far), the
// questionnaire and the results, chosen by the address (ReadinessSearch).
// Everything is read from and written to the device's database.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { sortAssessments } from './assessmentRecords';
import { describeSaveError } from './describeSaveError';
import { Questionnaire } from './Questionnaire';
import { NotOnDevice } from './NotOnDevice';
import { ReadinessOverview } from './ReadinessOverview';
import type { ReadinessSearch } from './readinessSearch';
import { startAssessment } from './saveAssessment';

// The results carry the chart library: loaded only when results are shown.
const ReadinessResults = lazy(() => import('./ReadinessResults').then((module) => ({ default: module.ReadinessResults })));

export type NavigateReadiness = (search: ReadinessSearch, options?: { replace?: boolean }) => void;

interface ReadinessToolProps {
  userId: string;
  search: ReadinessSearch;
  onNavigate: NavigateReadiness;
  /** The tool's introduction page with its start button and what to show under it. */
  renderIntro: (start: () => void, below: ReactNode) => ReactNode;
}

const loading = (
  <Center py="xl">
    <Loader aria-label="Loading your assessment" />
  </Center>
);

/** Starts a new assessment, or resumes the one in progress (a retake is a new record). */
export function useStartAssessment(userId: string, onNavigate: NavigateReadiness) {
  const [problem, setProblem] = useState<string | null>(null);
  const start = useCallback(() => {
    setProblem(null);
    void (async () => {
      try {
        const { inProgress } = sortAssessments(await db.readinessAssessments.where('owner').equals(userId).toArray());
        const id = inProgress?.id ?? (await startAssessment(db, userId));
        onNavigate({ view: 'assessment', id });
      } catch (error) {
        setProblem(`The assessment could not be started: ${describeSaveError(error)}`);
      }
    })();
  }, [userId, onNavigate]);
  return { start, problem };
}

export function ReadinessTool({ userId, search, onNavigate, renderIntro }: ReadinessToolProps) {
  const { start, problem } = useStartAssessment(userId, onNavigate);
  const problemAlert = problem && (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {problem}
    </Alert>
  );
  if (search.view === 'assessment') return <AssessmentView userId={userId} id={search.id} step={search.step} onNavigate={onNavigate} />;
  if (search.view === 'results') {
    return (
      <Suspense fallback={loading}>
        <ReadinessResults userId={userId} id={search.id} onNavigate={onNavigate} onRetake={start} problem={problemAlert} />
      </Suspense>
    );
  }
  return renderIntro(
    start,
    <>
      {problemAlert}
      <ReadinessOverview userId={userId} onNavigate={onNavigate} />
    </>,
  );
}

function AssessmentView({ userId, id, step, onNavigate }: { userId: string; id?: string; step?: number; onNavigate: NavigateReadiness }) {
  // Only the user's own: another account's row still on the device is "not on this device".
  const found = useLiveQuery(async () => {
    const row = id ? await db.readinessAssessments.get(id) : undefined;
    return { row: row?.owner === userId ? row : undefined };
  }, [id, userId]);
  if (!found) return loading;
  const { row } = found;
  if (!row) return <NotOnDevice onNavigate={onNavigate} />;
  if (row.status === 'completed') {
    return (
      <Stack maw={800} mx="auto">
        <Text>This assessment is complete.</Text>
        <div>
          <Button onClick={() => onNavigate({ view: 'results', id: row.id })}>See the results</Button>
        </div>
      </Stack>
    );
  }
  return <Questionnaire key={row.id} assessment={row} step={step} onNavigate={onNavigate} />;
}
