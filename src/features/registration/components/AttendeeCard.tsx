import { Button, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { ATTENDEE_ROLES } from '@/lib/attendeeRoles';
import { ATTENDEE_LIMITS, type RegistrationFormValues } from '../attendeeSchema';
import responsive from '@/components/responsive.module.css';
import classes from './AttendeeCard.module.css';

interface AttendeeCardProps {
  form: UseFormReturnType<RegistrationFormValues>;
  index: number;
  /** The heading and Remove button appear only when there is more than one attendee. */
  showHeading: boolean;
  waitlist: boolean;
  /** A waitlist offer's claim: the seat is held for this address, so it cannot be changed. */
  emailLocked?: boolean;
  disabled: boolean;
  onRemove: () => void;
}

interface TextField {
  name: keyof typeof ATTENDEE_LIMITS;
  label: string;
  type?: 'email' | 'tel';
  /** Used on the first attendee only: the others are other people. */
  autoComplete: string;
}

/** The required text fields, in form order. */
const textFields: TextField[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  { name: 'jobTitle', label: 'Job Title', autoComplete: 'organization-title' },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
];

/** The waitlist asks a name and an email, and the company if people like. */
const WAITLIST_FIELDS: readonly TextField['name'][] = ['fullName', 'email', 'company'];

/** One attendee's details (on the waitlist only a name, an email and optionally the company); the first attendee is never removable. */
export function AttendeeCard({ form, index, showHeading, waitlist, emailLocked = false, disabled, onRemove }: AttendeeCardProps) {
  const position = index + 1;
  const path = (field: string) => `attendees.${index}.${field}`;
  const field = (name: string) => ({ ...form.getInputProps(path(name)), disabled });
  const headingId = `attendee-${position}-heading`;

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      className={responsive.paddingMdLg}
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
        <div className={classes.fields}>
          {(waitlist ? textFields.filter((text) => WAITLIST_FIELDS.includes(text.name)) : textFields).map(({ name, label, type, autoComplete }) => (
            <TextInput
              key={name}
              label={waitlist && name === 'company' ? 'Company (optional)' : label}
              type={type}
              withAsterisk={!(waitlist && name === 'company')}
              autoComplete={index === 0 ? autoComplete : 'off'}
              maxLength={ATTENDEE_LIMITS[name]}
              {...field(name)}
              {...(name === 'email' && emailLocked ? { readOnly: true, description: 'Your seat is held for this address.' } : {})}
            />
          ))}
          {!waitlist && (
            <Select
              label="Role"
              placeholder="Select your role"
              withAsterisk
              data={ATTENDEE_ROLES}
              allowDeselect={false}
              {...field('role')}
              onChange={(value) => form.setFieldValue(path('role'), value ?? '')}
            />
          )}
        </div>
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
