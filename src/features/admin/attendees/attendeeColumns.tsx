// The attendee table's columns (spec section 4): their labels, widths and
// cells. On a phone the name cell also shows the email and status (the page
// hides those columns there); the invitation cell sends an invitation; the
// actions open Edit and Delete.
import { useMemo } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled, IconEdit, IconTrash } from '@tabler/icons-react';
import type { MRT_ColumnDef } from 'mantine-react-table';
import { formatWeekdayDate } from '@/lib/eventWhen';
import { statusLabel } from './attendeeView';
import type { AdminAttendee } from './attendeesApi';

export interface AttendeeColumnOptions {
  /** A phone's width (undefined until the page has measured it). */
  phone: boolean | undefined;
  /** The attendee whose invitation is being sent. */
  inviting: string | null;
  onInvite: (attendee: AdminAttendee) => void;
  onEdit: (attendee: AdminAttendee) => void;
  onDelete: (attendee: AdminAttendee) => void;
}

/** Stays the same object until one of the options changes (the callbacks are expected to be stable). */
export function useAttendeeColumns({ phone, inviting, onInvite, onEdit, onDelete }: AttendeeColumnOptions): MRT_ColumnDef<AdminAttendee>[] {
  return useMemo<MRT_ColumnDef<AdminAttendee>[]>(
    () => [
      {
        accessorKey: 'full_name',
        header: 'Name',
        size: 118,
        Cell: ({ row }) => <NameCell attendee={row.original} phone={phone} />,
      },
      {
        accessorKey: 'email',
        header: 'Email',
        size: 158,
        Cell: ({ row }) => <span style={{ wordBreak: 'break-all' }}>{row.original.email}</span>,
      },
      { accessorKey: 'company', header: 'Company', size: 105 },
      { accessorKey: 'job_title', header: 'Job Title', size: 100 },
      { accessorKey: 'role', header: 'Role', size: 118, Cell: ({ row }) => row.original.role || '-' },
      {
        accessorKey: 'registration_status',
        header: 'Status',
        size: 90,
        Cell: ({ row }) => statusLabel(row.original.registration_status),
      },
      {
        accessorKey: 'invitation_sent',
        header: 'Invitation',
        size: 104,
        Cell: ({ row }) => <InvitationCell attendee={row.original} sending={inviting === row.original.id} onInvite={onInvite} />,
      },
      {
        accessorKey: 'user_role',
        header: 'User Role',
        size: 106,
        Cell: ({ row }) => <UserRoleCell role={row.original.user_role} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        size: 76,
        enableSorting: false,
        Cell: ({ row }) => <RowActions attendee={row.original} onEdit={onEdit} onDelete={onDelete} />,
      },
    ],
    [phone, inviting, onInvite, onEdit, onDelete],
  );
}

function NameCell({ attendee, phone }: { attendee: AdminAttendee; phone: boolean | undefined }) {
  return (
    <Box miw={0}>
      <Text fw={600} size="sm" lineClamp={2}>
        {attendee.full_name}
      </Text>
      {phone && (
        <>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {attendee.email}
          </Text>
          <Text size="xs" c="navy.7" fw={500}>
            {statusLabel(attendee.registration_status)}
          </Text>
        </>
      )}
    </Box>
  );
}

function InvitationCell({ attendee, sending, onInvite }: { attendee: AdminAttendee; sending: boolean; onInvite: (attendee: AdminAttendee) => void }) {
  if (attendee.invitation_sent) {
    const sentAt = attendee.invitation_sent_at ? `Invitation sent ${formatWeekdayDate(new Date(attendee.invitation_sent_at.replace(' ', 'T')))}` : 'Invitation sent';
    return (
      <Tooltip label={sentAt}>
        <Group gap={4} wrap="nowrap" aria-label={sentAt} role="img">
          <IconCircleCheckFilled size={20} color="var(--mantine-color-green-7)" aria-hidden />
        </Group>
      </Tooltip>
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
    <Badge size="sm" color={role === 'administrator' ? 'amber' : 'grape'} c={role === 'administrator' ? 'navy.9' : undefined} variant="filled" tt="none">
      {role}
    </Badge>
  );
}

function RowActions({ attendee, onEdit, onDelete }: { attendee: AdminAttendee; onEdit: (attendee: AdminAttendee) => void; onDelete: (attendee: AdminAttendee) => void }) {
  return (
    <Group gap={4} wrap="nowrap" onClick={(event) => event.stopPropagation()}>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${attendee.full_name}`} onClick={() => onEdit(attendee)}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${attendee.full_name}`} onClick={() => onDelete(attendee)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
