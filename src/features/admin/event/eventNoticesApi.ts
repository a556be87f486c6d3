// The admin event screen's calls for changes that reach attendees
// (pb_hooks/lib/notices/routes.js): who holds seats and whether the last change
// of date, times or place was told; the update email a change would send; the
// change saved (and told, or not) in one request; the last change told later;
// the whole masterclass cancelled.
import type { EventRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import type { AdminEventRow, EventPatch } from './eventAdminApi';

export interface CancelPreview {
  cancelled: boolean;
  cancellable: boolean;
  seats: number;
  paidSeats: number;
  refundCents: number;
  refundText: string;
  waitlist: number;
}

export interface EventNotices {
  id: string;
  /** Attendees holding a seat now (confirmed attendees and observers). */
  holders: number;
  sequence: number;
  notifiedSequence: number;
  /** The last change of date, times or place was saved where nobody could ask (the dashboard) and not told. */
  untoldChange: boolean;
  scheduleChangedAt: string;
  cancelledAt: string;
  cancel: CancelPreview;
}

export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

export interface ChangePreview {
  holders: number;
  /** The schedule fields the patch changes (starts_at, ends_at, timezone, venue, location). */
  changed: string[];
  cancelled: boolean;
  preview: EmailPreview | null;
}

export interface ChangeSaved {
  event: AdminEventRow;
  changed: string[];
  notified: number;
  sequence: number;
}

export interface EventCancelled {
  cancelled: true;
  alreadyCancelled: boolean;
  seats: number;
  refunds: number;
  refundCents: number;
  refundText: string;
  failedRefunds: number;
  waitlist: number;
  notices: EventNotices;
}

const base = (eventId: string) => `/api/masterclass/admin/events/${encodeURIComponent(eventId)}`;

/** The schedule fields whose change people holding seats are asked to be told of. */
export const SCHEDULE_FIELDS = ['starts_at', 'ends_at', 'venue', 'location'] as const;

/** Whether the patch changes the date, times or place of the event as loaded. */
export function changesSchedule(event: EventRow, patch: EventPatch): boolean {
  const instant = (value: string) => Date.parse(value.replace(' ', 'T'));
  const sameInstant = (a: string, b: string) => a === b || (!Number.isNaN(instant(a)) && instant(a) === instant(b));
  return (
    !sameInstant(event.starts_at ?? '', patch.starts_at ?? '') ||
    !sameInstant(event.ends_at ?? '', patch.ends_at ?? '') ||
    (event.venue ?? '').trim() !== (patch.venue ?? '').trim() ||
    (event.location ?? '').trim() !== (patch.location ?? '').trim()
  );
}

export const fetchNotices = (eventId: string) => pb.send<EventNotices>(`${base(eventId)}/notices`, { method: 'GET' });

export const previewChange = (eventId: string, patch: EventPatch) =>
  pb.send<ChangePreview>(`${base(eventId)}/change/preview`, { method: 'POST', body: { patch } });

export const saveChange = (eventId: string, patch: EventPatch, notify: boolean) =>
  pb.send<ChangeSaved>(`${base(eventId)}/change`, { method: 'POST', body: { patch, notify } });

export const notifyLastChange = (eventId: string) => pb.send<{ notified: number; sequence: number }>(`${base(eventId)}/notify`, { method: 'POST', body: {} });

export const cancelWholeEvent = (eventId: string) => pb.send<EventCancelled>(`${base(eventId)}/cancel`, { method: 'POST', body: { confirm: true } });

/** "37 attendees", "1 attendee". */
export const attendeesCount = (count: number) => `${count} ${count === 1 ? 'attendee' : 'attendees'}`;
