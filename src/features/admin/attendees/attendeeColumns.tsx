// The attendee table's columns (spec section 4, then the table's own: first
// check-in, amount paid, refund and registration date): their labels, widths
// and cells. The name cell shows the email under the name while the Email
// column is hidden (by default), and on a phone also the status, check-in
// and payment (the page hides those columns there). Dates stay on one line
// ('4 Mar 2026', the whole date and time on hover). An email wraps only after
// its @ and before its dots, never inside a word. The invitation cell sends an
// invitation only where one can go (a confirmed attendee or observer); other
// rows say why not. The actions open Edit and Delete, and a menu of the row's
// everyday actions (resend the ticket, send or resend the invitation, offer a
// seat), each shown for every row but disabled, with the reason beside it,
// where the row's state rules it out.
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Menu, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled, IconDots, IconEdit, IconMail, IconMinus, IconTicket, IconTrash, IconUserPlus } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { LazyTooltip } from '@/components/LazyTooltip';
import { dateTimeFormat } from '@/lib/intlFormat';
import { formatMoney } from '@/lib/money';
import { formatClockTime, formatDateTime, formatWeekdayDate } from '@/lib/eventWhen';
import { parsePocketBaseDate } from '@/lib/pocketbaseDate';
import { emailBreaks, paidText, refundText, rowActions, rowStatusLabel, type Availability } from './attendeeView';
import type { AdminAttendee } from './attendeesApi';

export type RowAction = 'resendTicket' | 'invitation' | 'offerSeat';

export interface AttendeeColumnOptions {
  /** A phone's width (undefined until the page has measured it). */
  phone: boolean | undefined;
  /** The Email column is hidden: the name cell shows the address under the name. */
  emailUnderName?: boolean;
  /** The masterclass's time zone, in which check-ins and registration dates are said. */
  timeZone: string;
  /** The attendee whose invitation is being sent. */
  inviting: string | null;
  /** The attendee whose row action is under way. */
  acting: string | null;
  onInvite: (attendee: AdminAttendee) => void;
  onAction: (action: RowAction, attendee: AdminAttendee) => void;
  onEdit: (attendee: AdminAttendee) => void;
  onDelete: (attendee: AdminAttendee) => void;
}

const DASH = '—';

/** A stored date as a Date, or null. */
function instantOf(stored: string): Date | null {
  const instant = parsePocketBaseDate(stored);
  return stored && !Number.isNaN(instant.getTime()) ? instant : null;
}

/** A check-in: its time ('9:35 am', in the masterclass's zone; check-ins happen on its day), the whole moment on hover. */
function CheckInText({ stored, timeZone }: { stored: string; timeZone: string }) {
  const instant = instantOf(stored);
  if (!instant) return DASH;
  return (
    <Text component="span" size="sm" inherit title={formatDateTime(instant, timeZone)} style={{ whiteSpace: 'nowrap' }}>
      {formatClockTime(instant, timeZone)}
    </Text>
  );
}

/** '4 Mar 2026' in the masterclass's zone, on one line; the whole date and time ('Wednesday 4 March 2026, 9:35 am') on hover. */
function RegisteredText({ stored, timeZone }: { stored: string; timeZone: string }) {
  const instant = instantOf(stored);
  if (!instant) return DASH;
  const short = dateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(instant);
  return (
    <Text component="span" size="sm" inherit title={formatDateTime(instant, timeZone)} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </Text>
  );
}

const money = (cents: number, currency: string) => formatMoney(cents, currency || 'AUD');

/** Stays the same object until one of the options changes (the callbacks are expected to be stable). */
export function useAttendeeColumns({ phone, emailUnderName, timeZone, inviting, acting, onInvite, onAction, onEdit, onDelete }: AttendeeColumnOptions): MRT_ColumnDef<AdminAttendee>[] {
  return useMemo<MRT_ColumnDef<AdminAttendee>[]>(
    () => [
      {
        accessorKey: 'full_name',
        header: 'Name',
        size: 136,
        enableHiding: false,
        Cell: ({ row }) => <NameCell attendee={row.original} phone={phone} emailUnderName={emailUnderName} timeZone={timeZone} />,
      },
      {
        accessorKey: 'email',
        header: 'Email',
        size: 150,
        Cell: ({ row }) => <EmailText email={row.original.email} />,
      },
      { accessorKey: 'company', header: 'Company', size: 96 },
      { accessorKey: 'job_title', header: 'Job Title', size: 96 },
      { accessorKey: 'role', header: 'Role', size: 110, Cell: ({ row }) => row.original.role || '-' },
      {
        accessorKey: 'registration_status',
        header: 'Status',
        size: 92,
        // 'Transferred' unbroken
        Cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{rowStatusLabel(row.original)}</span>,
      },
      {
        accessorKey: 'invitation_sent',
        header: 'Invitation',
        size: 100,
        Cell: ({ row }) => <InvitationCell attendee={row.original} sending={inviting === row.original.id} onInvite={onInvite} />,
      },
      {
        accessorKey: 'user_role',
        header: 'User Role',
        size: 100,
        Cell: ({ row }) => <UserRoleCell role={row.original.user_role} />,
      },
      {
        accessorKey: 'checked_in_at',
        header: 'Checked In',
        size: 96,
        Cell: ({ row }) => <CheckInText stored={row.original.checked_in_at} timeZone={timeZone} />,
      },
      {
        accessorKey: 'amount_paid_cents',
        header: 'Paid',
        // room for 'Transferred' unbroken (a seat passed to a colleague)
        size: 96,
        Cell: ({ row }) => <PaidCell attendee={row.original} />,
      },
      {
        accessorKey: 'refund_cents',
        header: 'Refund',
        size: 88,
        enableSorting: false,
        Cell: ({ row }) => refundText(row.original, money),
      },
      {
        accessorKey: 'created',
        header: 'Registered',
        size: 100,
        Cell: ({ row }) => <RegisteredText stored={row.original.created} timeZone={timeZone} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 96,
        enableSorting: false,
        enableHiding: false,
        Cell: ({ row }) => (
          <RowActions attendee={row.original} busy={acting === row.original.id} onAction={onAction} onEdit={onEdit} onDelete={onDelete} />
        ),
      },
    ],
    [phone, emailUnderName, timeZone, inviting, acting, onInvite, onAction, onEdit, onDelete],
  );
}

/** An email address that wraps after its @ and before its dots only; the whole address on hover. */
function EmailText({ email, dimmed }: { email: string; dimmed?: boolean }) {
  const parts = emailBreaks(email);
  return (
    <Text component="span" size={dimmed ? 'xs' : 'sm'} c={dimmed ? 'dimmed' : undefined} title={email} style={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}

function NameCell({ attendee, phone, emailUnderName, timeZone }: { attendee: AdminAttendee; phone: boolean | undefined; emailUnderName?: boolean; timeZone: string }) {
  const manual = attendee.registration_kind === 'manual';
  const checkedIn = instantOf(attendee.checked_in_at);
  const addedBy = manual ? `Added by hand${attendee.added_by ? ` by ${attendee.added_by}` : ''}: ${attendee.added_reason}` : '';
  return (
    <Box miw={0}>
      <Text fw={600} size="sm" lineClamp={2}>
        {attendee.full_name}
      </Text>
      {manual && (
        <LazyTooltip label={addedBy} multiline w={260} withinPortal>
          <Badge size="xs" variant="light" color="navy" tt="none" tabIndex={0} aria-label={addedBy}>
            Added by hand
          </Badge>
        </LazyTooltip>
      )}
      {(phone || emailUnderName) && (
        <Box style={{ lineHeight: 1.3 }}>
          <EmailText email={attendee.email} dimmed />
        </Box>
      )}
      {phone && (
        <>
          <Text size="xs" c="navy.7" fw={500}>
            {rowStatusLabel(attendee)}
            {checkedIn ? ` · Checked in ${formatClockTime(checkedIn, timeZone)}` : ''}
          </Text>
          <PhonePayment attendee={attendee} />
        </>
      )}
    </Box>
  );
}

/** On a phone, under the name: 'Paid $495.00 · $123.75 refunded', 'Free', 'Transferred to Dana Lee', or nothing when nothing was due. */
function PhonePayment({ attendee }: { attendee: AdminAttendee }) {
  const paid = paidText(attendee, money);
  const refund = refundText(attendee, money);
  const paidWords = attendee.transferred_to ? `Transferred to ${attendee.transferred_to}` : paid === 'Free' ? paid : `Paid ${paid}`;
  const parts = [paid === DASH ? '' : paidWords, refund === DASH ? '' : refund].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

function PaidCell({ attendee }: { attendee: AdminAttendee }) {
  const text = paidText(attendee, money);
  if (attendee.transferred_to) {
    return (
      <Box>
        <Text size="sm">{text}</Text>
        <Text size="xs" c="dimmed">
          to {attendee.transferred_to}
        </Text>
      </Box>
    );
  }
  if (attendee.registration_kind !== 'manual') return text;
  const basis = attendee.manual_basis === 'paid_elsewhere' ? 'Paid elsewhere' : 'Complimentary';
  return (
    <Box>
      <Text size="sm">{text}</Text>
      <Text size="xs" c="dimmed">
        {basis}
      </Text>
    </Box>
  );
}

function InvitationCell({ attendee, sending, onInvite }: { attendee: AdminAttendee; sending: boolean; onInvite: (attendee: AdminAttendee) => void }) {
  if (attendee.invitation_sent) {
    const sentAt = attendee.invitation_sent_at ? `Invitation sent ${formatWeekdayDate(new Date(attendee.invitation_sent_at.replace(' ', 'T')))}` : 'Invitation sent';
    return (
      <LazyTooltip label={sentAt}>
        <Group gap={4} wrap="nowrap" aria-label={sentAt} role="img">
          <IconCircleCheckFilled size={20} color="var(--mantine-color-green-7)" aria-hidden />
        </Group>
      </LazyTooltip>
    );
  }
  const invitation = rowActions(attendee).invitation;
  if (!invitation.ok) {
    // No invitation can go to this row: no red mark and no Send, only why (hover or focus, and for screen readers).
    const label = `No invitation: ${invitation.reason}`;
    return (
      <LazyTooltip label={invitation.reason} multiline w={220}>
        <Box component="span" role="img" aria-label={label} tabIndex={0} display="inline-flex" onClick={(event) => event.stopPropagation()}>
          <IconMinus size={18} color="var(--mantine-color-gray-6)" aria-hidden />
        </Box>
      </LazyTooltip>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <IconCircleXFilled size={20} color="var(--mantine-color-red-7)" aria-label="No invitation sent" role="img" />
      <Button size="compact-xs" variant="light" loading={sending} aria-label={`Send invitation to ${attendee.full_name}`} onClick={() => onInvite(attendee)}>
        Send
      </Button>
    </Group>
  );
}

function UserRoleCell({ role }: { role: AdminAttendee['user_role'] }) {
  if (!role) return <Text size="sm" c="dimmed">No account</Text>;
  return (
    <Badge size="sm" color={role === 'administrator' ? 'amber' : 'grape.9'} c={role === 'administrator' ? 'navy.9' : undefined} variant="filled" tt="none">
      {role}
    </Badge>
  );
}

function ActionItem({ label, icon, availability, onClick }: { label: string; icon: ReactNode; availability: Availability; onClick: () => void }) {
  return (
    <Menu.Item leftSection={icon} disabled={!availability.ok} onClick={onClick} title={availability.ok ? undefined : availability.reason}>
      <Text size="sm" inherit>
        {label}
      </Text>
      {!availability.ok && (
        <Text size="xs" c="gray.7" maw={230} style={{ whiteSpace: 'normal' }}>
          {availability.reason}
        </Text>
      )}
    </Menu.Item>
  );
}

function RowActions({ attendee, busy, onAction, onEdit, onDelete }: {
  attendee: AdminAttendee;
  busy: boolean;
  onAction: (action: RowAction, attendee: AdminAttendee) => void;
  onEdit: (attendee: AdminAttendee) => void;
  onDelete: (attendee: AdminAttendee) => void;
}) {
  const actions = rowActions(attendee);
  return (
    <Group gap={2} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <LazyTooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${attendee.full_name}`} onClick={() => onEdit(attendee)}>
          <IconEdit size={18} />
        </ActionIcon>
      </LazyTooltip>
      <LazyTooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${attendee.full_name}`} onClick={() => onDelete(attendee)}>
          <IconTrash size={18} />
        </ActionIcon>
      </LazyTooltip>
      <MoreActions attendee={attendee} busy={busy}>
        <ActionItem label="Resend ticket" icon={<IconTicket size={16} />} availability={actions.resendTicket} onClick={() => onAction('resendTicket', attendee)} />
        <ActionItem
          label={actions.signInReminder ? 'Send sign-in reminder' : actions.invitationAgain ? 'Resend invitation' : 'Send invitation'}
          icon={<IconMail size={16} />}
          availability={actions.invitation}
          onClick={() => onAction('invitation', attendee)}
        />
        <ActionItem label="Offer a seat" icon={<IconUserPlus size={16} />} availability={actions.offerSeat} onClick={() => onAction('offerSeat', attendee)} />
      </MoreActions>
    </Group>
  );
}

/**
 * A row's "More actions" menu. Each Mantine menu sets up its floating position and focus handling
 * as it renders, opened or not: twenty of them held a slowed phone's first drawing of the table
 * for a quarter of a second (bench/admin-routes.mjs). So a row draws the button alone, and the
 * menu from its first press on (opened at once; it takes the focus, and gives it back to its button).
 */
function MoreActions({ attendee, busy, children }: { attendee: AdminAttendee; busy: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = (onClick?: () => void) => (
    <ActionIcon variant="subtle" color="gray.8" aria-label={`More actions for ${attendee.full_name}`} aria-haspopup="menu" loading={busy} onClick={onClick}>
      <IconDots size={18} />
    </ActionIcon>
  );
  if (!used) return button(() => {
    setUsed(true);
    setOpened(true);
  });
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260} opened={opened} onChange={setOpened}>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
