import { memo, useState } from 'react';
import { Button, Center } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import type { AiUseCaseRow } from '@/db';
import { UseCaseCard } from './UseCaseCard';

/** Cards rendered at once; 'Show more' adds as many again (10,000 cards would stall a phone). */
export const CARDS_PER_PAGE = 60;

interface UseCaseGridProps {
  shown: AiUseCaseRow[];
  terms: Map<string, string[]>;
  owner: string;
  savedIds: Set<string>;
  onOpen: (useCase: AiUseCaseRow) => void;
}

/** The cards of the results; memoised, so a keystroke re-renders them only once its results are ready. */
export const UseCaseGrid = memo(function UseCaseGrid({ shown, terms, owner, savedIds, onOpen }: UseCaseGridProps) {
  const [more, setMore] = useState({ of: shown, limit: CARDS_PER_PAGE });
  const limit = more.of === shown ? more.limit : CARDS_PER_PAGE;
  return (
    <>
      <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {shown.slice(0, limit).map((useCase) => (
          <UseCaseCard key={useCase.id} useCase={useCase} terms={terms.get(useCase.id)} owner={owner} saved={savedIds.has(useCase.id)} onOpen={onOpen} />
        ))}
      </ResponsiveGrid>
      {shown.length > limit && (
        <Center>
          <Button variant="light" onClick={() => setMore({ of: shown, limit: limit + CARDS_PER_PAGE })}>
            Show more ({shown.length - limit} more)
          </Button>
        </Center>
      )}
    </>
  );
});
