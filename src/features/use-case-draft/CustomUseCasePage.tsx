// Generate Custom Use Case: the attendee describes their situation, gets a
// draft in the library's structure (from the server's AI model when it has
// one, otherwise from the built-in template on this device), edits it and
// saves it to "My use cases".
// What was typed and drafted stays in this tab across reloads.
import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type AiUseCaseRow } from '@/db';
import { notify } from '@/components/notify';
import { currentUser } from '@/lib/session';
import { readCustomDraft, writeCustomDraft, type RequestValues } from './customDraftStorage';
import { DraftEditor } from './DraftEditor';
import { DraftRequestForm } from './DraftRequestForm';
import type { DraftRequest } from './draftSchema';
import { draftUseCase, type DraftResult } from './draftUseCase';

const EMPTY_REQUEST: RequestValues = { industry: '', businessFunction: '', problem: '', dataAvailable: '' };
const NO_ROWS: AiUseCaseRow[] = [];

export function CustomUseCasePage() {
  const user = currentUser();
  return (
    <Stack gap="lg" maw={900} mx="auto">
      <Anchor component={Link} to="/dashboard/use-case-generator" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} />
          Back to the library
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2" c="navy.9">
          Generate Custom Use Case
        </Title>
        <Text c="dimmed" mt={4}>
          Describe your industry, the business function, the problem and the data you have. You get a use case draft in
          the library's structure, with the closest cases of the library beside it, to edit and save to My use cases.
        </Text>
      </div>
      {user ? (
        <CustomUseCaseGenerator userId={user.id} />
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          You must be signed in to generate a use case
        </Alert>
      )}
    </Stack>
  );
}

function CustomUseCaseGenerator({ userId }: { userId: string }) {
  const library = useLiveQuery(() => db.aiUseCases.toArray(), []) ?? NO_ROWS;
  const [stored] = useState(() => readCustomDraft(userId));
  const [request, setRequest] = useState<RequestValues>(stored?.request ?? EMPTY_REQUEST);
  const [result, setResult] = useState<DraftResult | null>(stored?.result ?? null);
  const [savedId, setSavedId] = useState<string | null>(stored?.savedId ?? null);
  // A new draft gets a fresh editor.
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  // Edits to the draft since it was made or last saved.
  const [edited, setEdited] = useState(false);
  const draftRef = useRef<HTMLDivElement>(null);

  useEffect(() => writeCustomDraft(userId, { request, result, savedId }), [userId, request, result, savedId]);

  const generate = async (values: DraftRequest) => {
    if (result && edited && !window.confirm('Replace your draft with a new one? The edits you have not saved will be lost.')) return;
    setBusy(true);
    try {
      const next = await draftUseCase(values, await db.aiUseCases.toArray());
      setResult(next);
      setSavedId(null);
      setEdited(false);
      setGeneration((count) => count + 1);
      requestAnimationFrame(() => draftRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    } catch (error) {
      notify({ topic: 'use-case-draft', kind: 'error', title: 'Error', message: 'The use case could not be drafted on this device. Please try again.' });
      console.error('Drafting a custom use case failed', error);
    } finally {
      setBusy(false);
    }
  };

  const industries = [...new Set(library.map((row) => row.industry).filter(Boolean))].sort();
  return (
    <>
      <DraftRequestForm initialValues={request} industries={industries} busy={busy} onChange={setRequest} onGenerate={(values) => void generate(values)} />
      <div ref={draftRef}>
        {result && (
          <DraftEditor
            key={generation}
            result={result}
            library={library}
            userId={userId}
            savedId={savedId}
            onEdit={(draft) => {
              setEdited(true);
              setResult((current) => (current ? { ...current, draft } : current));
            }}
            onSaved={(id) => {
              setEdited(false);
              setSavedId(id);
            }}
          />
        )}
      </div>
    </>
  );
}
