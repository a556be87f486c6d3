// 'Edit Attendee' (spec section 5 "Attendee edit form"): full name and email
// required, email typed; company, job title, role, phone and dietary
// requirements saved as empty text when blank; marketing and privacy consent
// as checkboxes. The dialog stays open when saving fails, with the server's
// message under the field it names and in the toast. An attendee who has an
// account signs in with their email, so it is shown but not editable.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { AttendeeFields, emailProblem, fullNameProblem, type AttendeeField } from './AttendeeFields';
import { failureDetail, fieldFailures, updateAttendee, type AdminAttendee, type AttendeeEdit } from './attendeesApi';
import { CancelAttendeeSection } from './CancelAttendeeSection';
import { RegenerateTicketSection } from './RegenerateTicketSection';
import { AttendeeAdminTexts as T } from './texts';
import { AnonymiseAttendeeSection } from './AnonymiseAttendeeSection';

export interface EditAttendeeDialogProps {
  attendee: AdminAttendee | null;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: AttendeeEdit = {
  full_name: '', email: '', company: '', job_title: '', role: '', phone_number: '', dietary_requirements: '',
  marketing_consent: false, privacy_consent: false,
};
/** The record's name of each attendee field. */
const FIELD_NAMES: Record<AttendeeField, keyof AttendeeEdit> = {
  fullName: 'full_name', email: 'email', company: 'company', jobTitle: 'job_title', role: 'role', phoneNumber: 'phone_number', dietaryRequirements: 'dietary_requirements',
};

function editableValues(attendee: AdminAttendee): AttendeeEdit {
  return {
    full_name: attendee.full_name,
    email: attendee.email,
    company: attendee.company,
    job_title: attendee.job_title,
    role: attendee.role,
    phone_number: attendee.phone_number,
    dietary_requirements: attendee.dietary_requirements,
    marketing_consent: attendee.marketing_consent,
    privacy_consent: attendee.privacy_consent,
  };
}

export function EditAttendeeDialog({ attendee, onClose, onSaved }: EditAttendeeDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');
  const form = useForm<AttendeeEdit>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      full_name: fullNameProblem,
      email: emailProblem,
    },
  });

  // Each opening starts from the attendee as listed, not from what was typed last time.
  useEffect(() => {
    if (!attendee) return;
    const values = editableValues(attendee);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens for another attendee
  }, [attendee]);

  const submit = form.onSubmit(async (values) => {
    if (!attendee) return;
    setSaving(true);
    setFailure('');
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    ) as unknown as AttendeeEdit;
    try {
      await updateAttendee(attendee.id, trimmed);
      notify({ topic: 'attendee', kind: 'success', message: T.updated });
      setFailure('');
      onSaved();
    } catch (error) {
      const fields = fieldFailures(error);
      for (const [field, message] of Object.entries(fields)) form.setFieldError(field, message);
      const detail = failureDetail(error);
      setFailure(detail);
      notify({ topic: 'attendee', kind: 'error', title: T.errorTitle, message: `${T.updateFailed}: ${detail}` });
    } finally {
      setSaving(false);
    }
  });

  const hasAccount = attendee !== null && attendee.user !== '';
  const close = () => {
    if (saving) return;
    setFailure('');
    onClose();
  };

  return (
    <Modal
      opened={attendee !== null}
      onClose={close}
      title={T.editDialog}
      size="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AttendeeFields
            inputProps={(field) => form.getInputProps(FIELD_NAMES[field])}
            role={form.values.role}
            onRoleChange={(role) => form.setFieldValue('role', role)}
            emailProps={{ disabled: hasAccount, description: hasAccount ? 'They sign in with this email, so it cannot be changed.' : undefined }}
            dietaryRows={{ minRows: 2, maxRows: 6 }}
          />
          <Checkbox label="Marketing consent" {...form.getInputProps('marketing_consent', { type: 'checkbox' })} />
          <Checkbox label="Privacy policy accepted" {...form.getInputProps('privacy_consent', { type: 'checkbox' })} />
          <RegenerateTicketSection attendee={attendee} />
          {attendee && <AnonymiseAttendeeSection attendee={attendee} onAnonymised={onSaved} />}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={T.updateFailed}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
      {attendee && <CancelAttendeeSection key={attendee.id} attendee={attendee} onCancelled={onSaved} />}
    </Modal>
  );
}
