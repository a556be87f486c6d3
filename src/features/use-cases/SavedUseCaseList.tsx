import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconTrash } from '@tabler/icons-react';
import { db, LocalStorageFullError, STORAGE_FULL_MESSAGE, type AiUseCaseRow, type SavedUseCaseRow } from '@/db';
import { adoptionColor } from './adoptionColor';
import { BusinessCaseLink } from './BusinessCaseLink';
import { removeSavedUseCase } from './savedUseCases';

interface SavedUseCaseListProps {
  saved: SavedUseCaseRow[];
  library: Map<string, AiUseCaseRow>;
  onOpen: (useCase: AiUseCaseRow) => void;
}

/** A custom use case's summary, whatever shape its generator stored. */
function generatedSummary(generated: unknown): string {
  if (!generated || typeof generated !== 'object') return '';
  const fields = generated as Record<string, unknown>;
  for (const key of ['description', 'summary', 'solution_summary', 'problem_statement']) {
    if (typeof fields[key] === 'string' && fields[key]) return fields[key];
  }
  return '';
}

/** "My use cases": saved library use cases and saved custom ones, each with a business case to start and Remove. */
export function SavedUseCaseList({ saved, library, onOpen }: SavedUseCaseListProps) {
  const [error, setError] = useState<string | null>(null);
  if (saved.length === 0) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="xs">
          <Text fw={600}>No saved use cases yet.</Text>
          <Text c="gray.7" ta="center">Tap the heart on a use case in the library to keep it here, ready for a business case.</Text>
        </Stack>
      </Card>
    );
  }
  const remove = (row: SavedUseCaseRow) => {
    setError(null);
    removeSavedUseCase(db, row.id).catch((failure: unknown) => {
      setError(failure instanceof LocalStorageFullError ? STORAGE_FULL_MESSAGE : 'Could not remove it on this device. Please try again.');
    });
  };
  return (
    <Stack gap="sm">
      {error && <Text c="red.7" role="alert">{error}</Text>}
      <Text c="gray.7" role="status">{saved.length} saved {saved.length === 1 ? 'use case' : 'use cases'}</Text>
      <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {saved.map((row) => {
          const useCase = row.use_case ? library.get(row.use_case) : undefined;
          const summary = useCase?.description ?? generatedSummary(row.generated);
          const titleId = `saved-${row.id}-title`;
          return (
            <Card key={row.id} component="article" aria-labelledby={titleId} withBorder radius="md" padding="md">
              <Stack gap="xs" h="100%">
                <Group gap={6}>
                  {useCase?.industry && <Badge variant="light" color="navy">{useCase.industry}</Badge>}
                  {useCase?.adoption_level && <Badge variant="light" color={adoptionColor(useCase.adoption_level)}>{useCase.adoption_level}</Badge>}
                  {!row.use_case && <Badge variant="light" color="amber" c="navy.9">Custom use case</Badge>}
                </Group>
                <Title order={2} size="h4" c="navy.9" id={titleId}>{useCase?.title ?? row.title}</Title>
                {summary && <Text size="sm" c="gray.7" lineClamp={3}>{summary}</Text>}
                {row.notes && <Text size="sm" fs="italic">{row.notes}</Text>}
                <Group gap="xs" mt="auto">
                  <BusinessCaseLink from={{ savedUseCase: row.id }} />
                  {useCase && <Button variant="subtle" color="navy" onClick={() => onOpen(useCase)}>View Details</Button>}
                  <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => remove(row)} aria-label={`Remove ${row.title} from My use cases`}>
                    Remove
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </ResponsiveGrid>
    </Stack>
  );
}
