import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { ATTENDEE_ROLES } from '@/lib/attendeeRoles';
import { ATTENDEE_LIMITS, type RegistrationFormValues } from '../attendeeSchema';

interface AttendeeCardProps {
  form: UseFormReturnType<RegistrationFormValues>;
  index: number;
  /** The heading and Remove button appear only when there is more than one attendee. */
  showHeading: boolean;
  waitlist: boolean;
  disabled: boolean;
  onRemove: () => void;
}

/** One attendee's details; the first attendee is never removable. */
export function AttendeeCard({ form, index, showHeading, waitlist, disabled, onRemove }: AttendeeCardProps) {
  const position = index + 1;
  const path = (field: string) => `attendees.${index}.${field}`;
  const field = (name: string) => ({ ...form.getInputProps(path(name)), disabled });
  const headingId = `attendee-${position}-heading`;

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : 'Attendee details'}
      data-testid="attendee-card"
    >
      <Stack gap="md">
        {showHeading && (
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" id={headingId} c="navy.9">
              Attendee {position}
            </Title>
            {index > 0 && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={16} />}
                onClick={onRemove}
                disabled={disabled}
                aria-label={`Remove attendee ${position}`}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Full Name"
            withAsterisk
            autoComplete={index === 0 ? 'name' : 'off'}
            maxLength={ATTENDEE_LIMITS.fullName}
            {...field('fullName')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete={index === 0 ? 'email' : 'off'}
            maxLength={ATTENDEE_LIMITS.email}
            {...field('email')}
          />
          <TextInput
            label="Company"
            withAsterisk
            autoComplete={index === 0 ? 'organization' : 'off'}
            maxLength={ATTENDEE_LIMITS.company}
            {...field('company')}
          />
          <TextInput
            label="Job Title"
            withAsterisk
            autoComplete={index === 0 ? 'organization-title' : 'off'}
            maxLength={ATTENDEE_LIMITS.jobTitle}
            {...field('jobTitle')}
          />
          <TextInput
            label="Phone Number"
            type="tel"
            withAsterisk
            autoComplete={index === 0 ? 'tel' : 'off'}
            maxLength={ATTENDEE_LIMITS.phoneNumber}
            {...field('phoneNumber')}
          />
          <Select
            label="Role"
            placeholder="Select your role"
            withAsterisk
            data={ATTENDEE_ROLES}
            allowDeselect={false}
            {...field('role')}
            onChange={(value) => form.setFieldValue(path('role'), value ?? '')}
          />
        </SimpleGrid>
        {!waitlist && (
          <Textarea
            label="Dietary Requirements"
            description="Optional: allergies or dietary preferences for catering"
            rows={2}
            maxLength={ATTENDEE_LIMITS.dietaryRequirements}
            {...field('dietaryRequirements')}
          />
        )}
      </Stack>
    </Paper>
  );
}
