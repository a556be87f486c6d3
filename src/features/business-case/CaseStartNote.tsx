import { Alert } from '@mantine/core';
import type { CaseStart } from './useCaseStart';

/** Says which use case 'Create Business Case' starts from, or that it is not on this device. */
export function CaseStartNote({ start }: { start: CaseStart }) {
  if (start.from) {
    return <Alert color="teal" title="Starting from a use case">Your new business case starts from “{start.from.source.title}”.</Alert>;
  }
  if (start.fromMissing) {
    return <Alert color="yellow" title="Use case not found">That use case is not on this device yet, so the new business case starts blank.</Alert>;
  }
  return null;
}
