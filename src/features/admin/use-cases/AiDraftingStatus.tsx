// One line on the admin use-cases page: whether attendees' custom use cases
// are drafted by an AI model or by the built-in template (the server's
// AI_API_URL / AI_API_KEY; GET /api/masterclass/admin/use-case-model).
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { pb } from '@/lib/pocketbase';

export const MODEL_STATUS_ROUTE = '/api/masterclass/admin/use-case-model';

type Status = { state: 'loading' } | { state: 'failed' } | { state: 'known'; configured: boolean; model?: string };

/** The words for a status the server gave. */
export function aiDraftingText(status: Status): string {
  if (status.state === 'loading') return 'AI drafting: checking…';
  if (status.state === 'failed') return 'AI drafting: could not be checked (this needs a connection to the server).';
  if (status.configured) return `AI drafting: model configured${status.model ? ` (${status.model})` : ''} — attendees' custom use cases are drafted by it.`;
  return 'AI drafting: not configured — drafts use the built-in template (set AI_API_URL and AI_API_KEY on the server to use a model).';
}

export function AiDraftingStatus() {
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    pb.send<{ configured?: unknown; model?: unknown }>(MODEL_STATUS_ROUTE, { requestKey: null })
      .then((answer) => {
        if (current) setStatus({ state: 'known', configured: answer.configured === true, model: typeof answer.model === 'string' ? answer.model : undefined });
      })
      .catch(() => current && setStatus({ state: 'failed' }));
    return () => {
      current = false;
    };
  }, []);
  return (
    <Text size="sm" c="gray.7" mt={4} data-testid="ai-drafting-status">
      {aiDraftingText(status)}
    </Text>
  );
}
