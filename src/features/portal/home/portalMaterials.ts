// Which stored materials the dashboard lists. The device holds what the
// server let this account read: an attendee, the materials of the
// masterclasses they hold a seat at once unlocked; an administrator, every
// material, drafts' included. The list shows the account's own masterclasses'
// materials, and for an account with no attendee row (an administrator) those
// of the portal's masterclass only, never every stored row.
import { db, type MaterialRow } from '@/db';
import { ownEventIds, portalEvent } from '../usePortalLock';

/** The materials the signed-in account's dashboard lists, in order. */
export async function portalMaterials(userId?: string, now = new Date()): Promise<MaterialRow[]> {
  const [materials, own, events] = await Promise.all([db.materials.orderBy('sort').toArray(), ownEventIds(userId), db.events.toArray()]);
  if (own.size > 0) return materials.filter((material) => own.has(material.event));
  const event = portalEvent(events, own, now);
  return event ? materials.filter((material) => material.event === event.id) : [];
}
