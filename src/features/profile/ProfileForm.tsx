import { useEffect, useRef, useState } from 'react';
import { Avatar, Box, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import responsive from '@/components/responsive.module.css';
import { db, type Industry, type ProfileRow } from '@/db';
import { profilePhotoUrl } from '@/lib/profilePhoto';
import { ProfilePhotoUpload } from './ProfilePhotoUpload';
import { PROFILE_TEXT_MAX, industryOptions, profileFormValues, urlError, type ProfileFormValues } from './profileForm';
import { readProfileDraft, saveProfileDraft } from './profileDraft';
import { followLiveProfile, openedVersions, saveProfile } from './saveProfile';

/** How long the green 'Profile updated successfully' note stays. */
const SAVED_NOTE_MS = 3000;

// Module-level so the form's setters keep their identity between renders.
const validate = { linkedin_url: urlError, avatar_url: urlError };

export function ProfileForm({ profile }: { profile: ProfileRow }) {
  // Edits not yet saved come back after a reload, with the values they were made from.
  const [draft] = useState(() => readProfileDraft(profile.id));
  const form = useForm<ProfileFormValues>({
    initialValues: draft?.values ?? profileFormValues(profile),
    validate,
  });
  // The form's initial values are the values it opened with: a save sends only
  // what differs from them, never a diff against the live row (which a pull may
  // have changed meanwhile).
  const { getValues, setValues, getInitialValues, setInitialValues } = form;
  // And the version of the row each field was opened on (or followed since): a save says what it edited from.
  const versionsRef = useRef(draft?.versions ?? openedVersions(profile));
  useEffect(() => {
    if (draft) setInitialValues(draft.opened);
  }, [draft, setInitialValues]);
  const values = form.values;
  useEffect(() => saveProfileDraft(profile.id, getInitialValues(), values, versionsRef.current), [profile.id, getInitialValues, values]);
  useEffect(() => {
    // A change from elsewhere (an administrator, another device) shows in the fields not being edited.
    const opened = getInitialValues();
    const next = followLiveProfile(getValues(), opened, profile, versionsRef.current);
    versionsRef.current = next.versions;
    if (JSON.stringify(next.opened) === JSON.stringify(opened)) return;
    setInitialValues(next.opened);
    setValues(next.values);
  }, [profile, getValues, setValues, getInitialValues, setInitialValues]);
  const [saving, setSaving] = useState(false);
  // Counts saves, 0 = no note: each save shows the note for its own 3 seconds.
  const [savedNote, setSavedNote] = useState(0);
  useEffect(() => {
    if (savedNote === 0) return;
    const timer = window.setTimeout(() => setSavedNote(0), SAVED_NOTE_MS);
    return () => window.clearTimeout(timer);
  }, [savedNote]);

  const save = async (values: ProfileFormValues) => {
    setSaving(true);
    try {
      const patch = await saveProfile(db, profile.id, getInitialValues(), values, versionsRef.current);
      setInitialValues({ ...getInitialValues(), ...patch });
      setValues(patch);
      setSavedNote((count) => count + 1);
      notify({ topic: 'profile', kind: 'success', message: 'Your profile has been updated', autoClose: SAVED_NOTE_MS });
    } catch (error) {
      console.error('Failed to update profile', error);
      notify({ topic: 'profile', kind: 'error', title: 'Error', message: 'Failed to update profile' });
    } finally {
      setSaving(false);
    }
  };

  const textProps = { maxLength: PROFILE_TEXT_MAX };
  return (
    <form onSubmit={(event) => form.onSubmit(save)(event)} noValidate>
      <Box className={responsive.columns4and8FromMd}>
        <div>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-photo">
            <Title order={2} size="h4" id="profile-photo" mb="md">
              Profile Photo
            </Title>
            <Stack align="center" gap="md">
              <Avatar
                src={profile.photo ? profilePhotoUrl(profile) : urlError(form.values.avatar_url) ? null : form.values.avatar_url || null}
                name={form.values.full_name || profile.email}
                alt="Your profile photo"
                color="navy"
                size={96}
                radius={96}
              />
              <ProfilePhotoUpload profile={profile} />
              <TextInput w="100%" label="Profile Image URL" placeholder="https://…" type="url" {...form.getInputProps('avatar_url')} />
            </Stack>
          </Card>
        </div>
        <div>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="personal-information">
            <Title order={2} size="h4" id="personal-information" mb="md">
              Personal Information
            </Title>
            <Stack gap="sm">
              <TextInput label="Full Name" autoComplete="name" {...textProps} {...form.getInputProps('full_name')} />
              <TextInput label="Email" value={profile.email} readOnly disabled description="Email cannot be changed" />
              <TextInput label="Company" autoComplete="organization" {...textProps} {...form.getInputProps('company')} />
              <TextInput label="Job Title" autoComplete="organization-title" {...textProps} {...form.getInputProps('job_title')} />
              <Select
                label="Industry"
                placeholder="Select your industry"
                data={industryOptions}
                clearable
                {...form.getInputProps('industry')}
                value={form.values.industry || null}
                onChange={(value) => form.setFieldValue('industry', (value ?? '') as Industry | '')}
              />
              <TextInput label="LinkedIn Profile URL" placeholder="https://www.linkedin.com/in/…" type="url" {...form.getInputProps('linkedin_url')} />
              <Group justify="space-between" mt="sm" gap="sm">
                {savedNote > 0 ? (
                  <Group gap={6} c="var(--mantine-color-green-light-color)" role="status">
                    <IconCircleCheck size={18} />
                    <Text size="sm" fw={600}>
                      Profile updated successfully
                    </Text>
                  </Group>
                ) : (
                  <span />
                )}
                <Button type="submit" disabled={saving} leftSection={<IconDeviceFloppy size={18} />}>
                  {saving ? 'Saving...' : 'Save Changes'}
                </Button>
              </Group>
            </Stack>
          </Card>
        </div>
      </Box>
    </form>
  );
}
