// Saving library use cases to "My use cases": a `saved_use_cases` row per
// owner and use case, written through the outbox like every portal change.
// Its id is made from the owner and the use case, so saving the same case
// twice (a double tap, or two devices offline) is one record: the server
// takes the first create and answers the repeat with the record it holds.
import type { AiUseCaseRow, MasterclassDb } from '@/db';
import { queueChange } from '@/sync';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 32-bit FNV-1a of `text`, started from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The saved row's id for `owner` saving `useCaseId`: 15 characters of [a-z0-9], as PocketBase ids are. */
export function savedUseCaseId(owner: string, useCaseId: string): string {
  const key = `${owner}:${useCaseId}`;
  let id = '';
  for (let round = 0; id.length < 15; round += 1) {
    let hash = fnv1a(key, 0x811c9dc5 ^ Math.imul(round + 1, 0x9e3779b1));
    for (let i = 0; i < 5 && id.length < 15; i += 1) {
      id += ALPHABET[hash % ALPHABET.length];
      hash = Math.floor(hash / ALPHABET.length);
    }
  }
  return id;
}

/** Saves `useCase` to the owner's "My use cases" (nothing to do when it is saved already). */
export async function saveUseCase(db: MasterclassDb, owner: string, useCase: Pick<AiUseCaseRow, 'id' | 'title'>): Promise<string> {
  const recordId = savedUseCaseId(owner, useCase.id);
  if ((await db.savedUseCases.get(recordId))?.owner === owner) return recordId;
  const title = useCase.title.trim().slice(0, 200) || 'Untitled use case';
  return queueChange(db, { collection: 'saved_use_cases', recordId, op: 'create', patch: { owner, use_case: useCase.id, title } });
}

/** Removes a saved use case (a saved library case or a saved custom one). */
export async function removeSavedUseCase(db: MasterclassDb, savedId: string): Promise<void> {
  await queueChange(db, { collection: 'saved_use_cases', recordId: savedId, op: 'delete' });
}

/** Saves or un-saves a library use case; returns whether it is saved now. */
export async function toggleSavedUseCase(db: MasterclassDb, owner: string, useCase: Pick<AiUseCaseRow, 'id' | 'title'>, saved: boolean): Promise<boolean> {
  if (saved) {
    const existing = await db.savedUseCases.where('use_case').equals(useCase.id).filter((row) => row.owner === owner).toArray();
    for (const row of existing) await removeSavedUseCase(db, row.id);
    return false;
  }
  await saveUseCase(db, owner, useCase);
  return true;
}
