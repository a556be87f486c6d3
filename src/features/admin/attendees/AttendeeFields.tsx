// The attendee's own details as the Add and Edit dialogs ask for them: full
// name and email (required), company, job title, role, phone number and
// dietary requirements, with the same limits and checks. Each dialog names
// the fields in its form its own way and hands them in by their meaning.
import { Select, TextInput, Textarea, type TextInputProps } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import type { UseFormReturnType } from '@mantine/form';
import { ATTENDEE_ROLES } from '@/lib/attendeeRoles';
import { AttendeeAdminTexts as T } from './texts';

export type AttendeeField = 'fullName' | 'email' | 'company' | 'jobTitle' | 'role' | 'phoneNumber' | 'dietaryRequirements';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's check of the full name: required, at least 2 characters. */
export function fullNameProblem(value: string): string | null {
  const name = value.trim();
  if (!name) return T.fullNameRequired;
  return name.length < 2 ? T.fullNameTooShort : null;
}

/** The form's check of the email address. */
export function emailProblem(value: string): string | null {
  return EMAIL_PATTERN.test(value.trim()) ? null : T.emailInvalid;
}

export interface AttendeeFieldsProps {
  /** The form's input props for each field. */
  inputProps: (field: AttendeeField) => ReturnType<UseFormReturnType<Record<string, unknown>>['getInputProps']>;
  role: string;
  onRoleChange: (role: string) => void;
  /** The email input's state (an account holder's address cannot change). */
  emailProps?: Pick<TextInputProps, 'disabled' | 'description'>;
  /** How tall the dietary requirements grow. */
  dietaryRows: { minRows: number; maxRows: number };
}

export function AttendeeFields({ inputProps, role, onRoleChange, emailProps, dietaryRows }: AttendeeFieldsProps) {
  return (
    <>
      <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextInput label="Full Name" required maxLength={200} autoComplete="off" {...inputProps('fullName')} />
        <TextInput label="Email" type="email" required maxLength={254} autoComplete="off" {...emailProps} {...inputProps('email')} />
        <TextInput label="Company" maxLength={200} {...inputProps('company')} />
        <TextInput label="Job Title" maxLength={200} {...inputProps('jobTitle')} />
        <Select
          label="Role"
          placeholder="No role"
          clearable
          data={[...ATTENDEE_ROLES]}
          comboboxProps={{ withinPortal: true }}
          {...inputProps('role')}
          value={role || null}
          onChange={(value) => onRoleChange(value ?? '')}
        />
        <TextInput label="Phone Number" type="tel" maxLength={40} {...inputProps('phoneNumber')} />
      </ResponsiveGrid>
      <Textarea label="Dietary Requirements" autosize {...dietaryRows} maxLength={1000} {...inputProps('dietaryRequirements')} />
    </>
  );
}
