import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '@/db';
import { sortAssessments, type UserAssessments } from './assessmentRecords';

/** The signed-in user's assessments on this device; undefined while the first read runs. */
export function useAssessments(userId: string): UserAssessments | undefined {
  return useLiveQuery(
    async () => sortAssessments(await db.readinessAssessments.where('owner').equals(userId).toArray()),
    [userId],
  );
}
