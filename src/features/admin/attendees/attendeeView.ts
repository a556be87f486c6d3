// What the attendee table shows, as pure functions: status labels (spec
// section 4), the pager's items (section 9: first, last, and the current page
// plus or minus one, with ellipses two away), the list's sort parameter, the
// export's file name, which everyday actions a row offers (and why not), the
// places an email address may wrap, and the payment and refund columns' words.

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

/** A row's status: 'Transferred' for a seat passed to a colleague (its row is cancelled, the seat is not), else the spec's label. */
export function rowStatusLabel(attendee: { registration_status: string | null | undefined; transferred_to?: string }): string {
  return attendee.transferred_to ? 'Transferred' : statusLabel(attendee.registration_status);
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
  checked_in_at: 'checked_in_at',
  amount_paid_cents: 'amount_paid',
  created: 'created',
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

/** The row facts the actions depend on. */
export interface ActionFacts {
  registration_status: string;
  user: string;
  invitation_sent: boolean;
  waitlist_confirmed: boolean;
  open_offer_expires_at: string;
}

/** An action a row offers: available, or not with the reason (shown beside it). */
export type Availability = { ok: true } | { ok: false; reason: string };

const HOLDS_TICKET = ['confirmed', 'confirmed_observer'];
const yes: Availability = { ok: true };
const no = (reason: string): Availability => ({ ok: false, reason });

/** Why a person holds no ticket (and so cannot be sent one or invited), by their status. */
function noTicketReason(status: string): string {
  if (status === 'waitlisted') return 'On the waitlist: no ticket until they hold a seat.';
  if (status === 'cancelled') return 'Cancelled: they no longer hold a ticket.';
  return 'Not confirmed yet (their payment is not complete): no ticket.';
}

/** Why a person is not invited to the portal, by their status (the server refuses: 'Only confirmed attendees can be invited'). */
const NO_INVITATION: Record<string, string> = {
  waitlisted: 'On the waitlist: invited once they hold a seat.',
  cancelled: 'Cancelled: there is nothing to invite them to.',
};
const NO_INVITATION_UNCONFIRMED = 'Not confirmed yet (their payment is not complete): invited once confirmed.';

/**
 * Which of the row's everyday actions can work now, each as the server
 * decides it: a ticket only for confirmed attendees and observers; the account
 * invitation for them too (a sign-in reminder once they have an account); a seat offer
 * only for a waitlisted person who confirmed their address and holds no open
 * offer.
 */
export function rowActions(attendee: ActionFacts) {
  const status = attendee.registration_status;
  const holdsTicket = HOLDS_TICKET.includes(status);
  let invitation: Availability = yes;
  if (!holdsTicket) invitation = no(NO_INVITATION[status] ?? NO_INVITATION_UNCONFIRMED);
  let offer: Availability = yes;
  if (status !== 'waitlisted') offer = no(holdsTicket ? 'They already hold a place.' : 'Only people on the waitlist are offered a seat.');
  else if (attendee.open_offer_expires_at) offer = no('A seat offer is already open for them.');
  else if (!attendee.waitlist_confirmed) offer = no('They have not confirmed their email address yet, so no seat can be offered.');
  return {
    resendTicket: holdsTicket ? yes : no(noTicketReason(status)),
    invitation,
    /** The invitation goes out for the first time (Send) or again (Resend). */
    invitationAgain: attendee.invitation_sent,
    /** They already have an account: the server sends a sign-in reminder (where to sign in, no credential) instead. */
    signInReminder: attendee.user !== '',
    offerSeat: offer,
  };
}

/**
 * An email address cut into the pieces a line may break between: after the @
 * and before each dot (or + or _; a browser breaks after a hyphen itself), so 'wendy@example.com'
 * wraps as 'wendy@' 'example' '.com', never inside a word.
 */
export function emailBreaks(email: string): string[] {
  const at = email.indexOf('@');
  if (at < 0) return [email];
  const local = email.slice(0, at + 1);
  const domain = email.slice(at + 1);
  const localParts = local.split(/(?=[.+_])/);
  return [...localParts, ...domain.split(/(?=\.)/)].filter((part) => part !== '');
}

/**
 * The Paid column: what the seat paid, 'Free', 'Transferred' for a seat passed to a colleague (its price
 * went with it), or '—' when nothing was due (waitlist, checkout not finished).
 */
export function paidText(attendee: { registration_status: string; registration_kind: string; amount_paid_cents: number; currency: string; transferred_to?: string }, money: (cents: number, currency: string) => string): string {
  if (attendee.transferred_to) return 'Transferred';
  if (attendee.amount_paid_cents > 0) return money(attendee.amount_paid_cents, attendee.currency);
  if (attendee.registration_status === 'waitlisted' || attendee.registration_kind === 'waitlist') return '—';
  if (attendee.registration_status === '' || (attendee.registration_kind === 'paid' && attendee.amount_paid_cents === 0)) return '—';
  return 'Free';
}

const REFUND_WORDS: Record<string, string> = { done: 'refunded', pending: 'refund pending', failed: 'refund failed' };

/** The Refund column: '$123.75 refunded', '$123.75 refund pending', 'Refund failed', '$990.00 (whole order)', or '—'. */
export function refundText(attendee: { refund_cents: number; refund_status: string; order_refund_cents: number; currency: string }, money: (cents: number, currency: string) => string): string {
  if (attendee.refund_cents > 0) return `${money(attendee.refund_cents, attendee.currency)} ${REFUND_WORDS[attendee.refund_status] ?? 'refunded'}`;
  if (attendee.refund_status === 'failed') return 'Refund failed';
  if (attendee.order_refund_cents > 0) return `${money(attendee.order_refund_cents, attendee.currency)} (whole order)`;
  return '—';
}
