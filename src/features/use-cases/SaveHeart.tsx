import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { db, LocalStorageFullError, STORAGE_FULL_MESSAGE, type AiUseCaseRow } from '@/db';
import { toggleSavedUseCase } from './savedUseCases';

interface SaveHeartProps {
  owner: string;
  useCase: Pick<AiUseCaseRow, 'id' | 'title'>;
  saved: boolean;
}

/** The heart on a use case: saves it to "My use cases", or takes it out again. */
export function SaveHeart({ owner, useCase, saved }: SaveHeartProps) {
  const [error, setError] = useState<string | null>(null);
  const label = saved ? `Remove ${useCase.title} from My use cases` : `Save ${useCase.title} to My use cases`;
  const toggle = () => {
    setError(null);
    toggleSavedUseCase(db, owner, useCase, saved).catch((failure: unknown) => {
      setError(failure instanceof LocalStorageFullError ? STORAGE_FULL_MESSAGE : 'Could not save on this device. Please try again.');
    });
  };
  return (
    <Tooltip label={error ?? (saved ? 'Saved to My use cases' : 'Save to My use cases')} color={error ? 'red' : undefined} opened={error ? true : undefined} withArrow>
      <ActionIcon variant="subtle" color="red" size="lg" radius="xl" aria-label={label} aria-pressed={saved} onClick={toggle}>
        {saved ? <IconHeartFilled size={22} /> : <IconHeart size={22} />}
      </ActionIcon>
    </Tooltip>
  );
}
