// What the attendee table shows, as pure functions: status labels (spec
// section 4), the pager's items (section 9: first, last, and the current page
// plus or minus one, with ellipses two away), the list's sort parameter and
// the export's file name.

export type RegistrationStatus = 'confirmed' | 'waitlisted' | 'cancelled' | 'confirmed_observer';

const STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  confirmed_observer: 'Observer',
};

/** The spec's label, or '-' for an empty or unknown status. */
export function statusLabel(status: string | null | undefined): string {
  return STATUS_LABELS[status as RegistrationStatus] ?? '-';
}

export type PagerItem = number | 'ellipsis-before' | 'ellipsis-after';

/** Page numbers (1-based) and ellipses for a pager at `current` of `total` pages. */
export function pagerItems(current: number, total: number): PagerItem[] {
  const items: PagerItem[] = [];
  for (let page = 1; page <= total; page += 1) {
    const distance = Math.abs(page - current);
    if (page === 1 || page === total || distance <= 1) items.push(page);
    else if (distance === 2) items.push(page < current ? 'ellipsis-before' : 'ellipsis-after');
  }
  return items;
}

/** The table's column ids and the attendee fields they sort by. */
export const SORT_FIELDS = {
  full_name: 'full_name',
  email: 'email',
  company: 'company',
  job_title: 'job_title',
  role: 'role',
  registration_status: 'registration_status',
  invitation_sent: 'invitation_sent',
  user_role: 'user.role',
} as const;

export type SortColumn = keyof typeof SORT_FIELDS;

/** PocketBase's sort parameter: the column's field, '-' first when descending; newest first by default. */
export function sortParam(sort: { id: string; desc: boolean } | undefined): string {
  const field = sort ? (SORT_FIELDS as Record<string, string | undefined>)[sort.id] : undefined;
  if (!sort || !field) return '-created';
  return `${sort.desc ? '-' : ''}${field}`;
}

/** The file name a Content-Disposition header gives, or a dated fallback. */
export function downloadName(disposition: string | null, today: Date = new Date()): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  if (match?.[1]) return match[1];
  return `attendees-${today.toISOString().slice(0, 10)}.csv`;
}

/** What deleting does to the attendee's place at the event. */
export function seatConsequence(status: string): string {
  switch (status) {
    case 'confirmed':
      return 'Their seat is freed for someone else.';
    case 'waitlisted':
      return 'They leave the waitlist.';
    case 'confirmed_observer':
      return 'They attend as an observer, so no seat is freed.';
    case 'cancelled':
      return 'They hold no seat, so none is freed.';
    default:
      return 'Their registration is not confirmed yet, so no confirmed seat is freed.';
  }
}
