// Above the attendee table: one search over name, email, company and ticket
// code (applied after a pause, see useAttendeeList), and the status chips,
// each with its count for the chosen masterclass and the search (from the
// same answer as the page: pb_hooks/lib/admin/attendee-list.js), one chosen
// at a time ('All' for every status).
import { ActionIcon, Chip, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { STATUS_CHIPS, type StatusChip, type StatusCounts } from './attendeesApi';
import { AttendeeAdminTexts as T } from './texts';

export const CHIP_LABELS: Record<StatusChip | 'all', string> = {
  all: 'All',
  confirmed: 'Confirmed',
  observer: 'Observer',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  transferred: 'Transferred',
  checked_in: 'Checked in',
  refunded: 'Refunded',
};

export interface AttendeeSearchProps {
  search: string;
  onSearch: (value: string) => void;
  status: StatusChip | '';
  onStatus: (value: StatusChip | '') => void;
  counts: StatusCounts;
  /** The counts are the server's (false before the first answer: no numbers then). */
  loaded: boolean;
}

export function AttendeeSearch({ search, onSearch, status, onStatus, counts, loaded }: AttendeeSearchProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <TextInput
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          rightSection={
            search ? (
              <ActionIcon variant="subtle" color="gray.8" aria-label="Clear the search" onClick={() => onSearch('')}>
                <IconX size={16} />
              </ActionIcon>
            ) : null
          }
        />
        <div>
          <Text size="sm" fw={500} id="attendee-status-label" mb={6}>
            Status
          </Text>
          <Chip.Group multiple={false} value={status || 'all'} onChange={(value) => onStatus(value === 'all' ? '' : (value as StatusChip))}>
            <Group gap={6} role="radiogroup" aria-labelledby="attendee-status-label" data-testid="status-chips">
              {(['all', ...STATUS_CHIPS] as const).map((chip) => (
                <Chip key={chip} value={chip} size="sm" variant="outline" data-chip={chip}>
                  {CHIP_LABELS[chip]}
                  {/* the space keeps label and count apart for screen readers: "Checked in 2" */}
                  {loaded ? ' ' : null}
                  {loaded ? (
                    <Text component="span" size="xs" fw={700} ml={2} data-testid={`chip-count-${chip}`}>
                      {counts[chip].toLocaleString('en-AU')}
                    </Text>
                  ) : null}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      </Stack>
    </Paper>
  );
}
