// The filters above the attendee table: name, email and company, each as typed
// (the list applies them after a pause, see useAttendeeList).
import { Paper, TextInput } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconSearch } from '@tabler/icons-react';
import type { AttendeeFilters } from './attendeesApi';

export function AttendeeFilterInputs({ filters, onChange }: { filters: AttendeeFilters; onChange: (change: (current: AttendeeFilters) => AttendeeFilters) => void }) {
  const setFilter = (key: keyof AttendeeFilters) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    onChange((current) => ({ ...current, [key]: value }));
  };
  return (
    <Paper withBorder radius="md" p="sm">
      <ResponsiveGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput label="Name" placeholder="Filter by name" leftSection={<IconSearch size={16} />} value={filters.name} onChange={setFilter('name')} />
        <TextInput label="Email" placeholder="Filter by email" value={filters.email} onChange={setFilter('email')} />
        <TextInput label="Company" placeholder="Filter by company" value={filters.company} onChange={setFilter('company')} />
      </ResponsiveGrid>
    </Paper>
  );
}
