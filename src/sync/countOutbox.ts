// How many changes wait to be pushed and how many the server refused.
import type { MasterclassDb } from '@/db';

export async function countOutbox(db: MasterclassDb): Promise<{ pending: number; failed: number }> {
  const [pending, failed] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.outbox.where('status').equals('failed').count(),
  ]);
  return { pending, failed };
}
