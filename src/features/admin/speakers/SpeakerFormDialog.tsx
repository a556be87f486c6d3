// Add or edit one speaker of a masterclass: name and role required, the rest
// optional; a photo chosen here is resized in the browser before it is sent
// (resizePhoto.ts). The dialog stays open, with the reason, when saving fails.
import { useEffect, useState } from 'react';
import { Avatar, Button, FileInput, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { PHOTO_TYPES, photoProblem, resizePhoto } from './resizePhoto';
import { createSpeaker, photoUrl, updateSpeaker, type AdminSpeaker, type SpeakerInput } from './speakersAdminApi';

export interface SpeakerFormDialogProps {
  opened: boolean;
  eventId: string;
  /** The speaker to edit, or null to add one. */
  speaker: AdminSpeaker | null;
  /** The `sort` a new speaker gets (after the others). */
  nextSort: number;
  onClose: () => void;
  onSaved: (saved: AdminSpeaker) => void;
}

const empty: SpeakerInput = { name: '', role: '', organisation: '', bio: '', website: '' };

function websiteProblem(value: string): string | null {
  if (!value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'Please enter a web address starting with https://';
  } catch {
    return 'Please enter a web address starting with https://';
  }
}

/** Mount it afresh (a new `key`) for each speaker opened, so the form starts from that speaker. */
export function SpeakerFormDialog({ opened, eventId, speaker, nextSort, onClose, onSaved }: SpeakerFormDialogProps) {
  const form = useForm<SpeakerInput>({
    initialValues: speaker ? { name: speaker.name, role: speaker.role, organisation: speaker.organisation, bio: speaker.bio, website: speaker.website } : empty,
    validate: {
      name: (value) => (value.trim() ? (value.trim().length > 200 ? 'Name must be at most 200 characters' : null) : 'Name is required'),
      role: (value) => (value.trim() ? (value.trim().length > 200 ? 'Role must be at most 200 characters' : null) : 'Role is required'),
      organisation: (value) => (value.trim().length > 200 ? 'Organisation must be at most 200 characters' : null),
      bio: (value) => (value.length > 5000 ? 'Bio must be at most 5,000 characters' : null),
      website: websiteProblem,
    },
  });
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The preview's object URL is given back when another photo replaces it, and when the dialog goes.
  useEffect(() => (photo ? () => URL.revokeObjectURL(photo.preview) : undefined), [photo]);
  const takePhoto = (file: File | null) => setPhoto(file ? { file, preview: URL.createObjectURL(file) } : null);

  const choosePhoto = async (file: File | null) => {
    setPhotoError(null);
    if (!file) {
      takePhoto(null);
      return;
    }
    const problem = photoProblem(file);
    if (problem) {
      takePhoto(null);
      setPhotoError(problem);
      return;
    }
    try {
      takePhoto(await resizePhoto(file));
    } catch (error) {
      takePhoto(null);
      setPhotoError(error instanceof Error ? error.message : 'This photo could not be used. Choose another one.');
    }
  };

  const save = form.onSubmit(async (values) => {
    const input: SpeakerInput = {
      name: values.name.trim(), role: values.role.trim(), organisation: values.organisation.trim(), bio: values.bio.trim(), website: values.website.trim(),
    };
    setSaving(true);
    try {
      const saved = speaker ? await updateSpeaker(speaker.id, input, photo?.file ?? null) : await createSpeaker(eventId, input, nextSort, photo?.file ?? null);
      notify({ topic: 'speaker', kind: 'success', message: speaker ? `${saved.name} was updated` : `${saved.name} was added` });
      onSaved(saved);
    } catch (error) {
      const fields = error instanceof ClientResponseError ? (error.response?.data as Record<string, { message?: string }> | undefined) ?? {} : {};
      for (const [key, value] of Object.entries(fields)) {
        if (key === 'image') setPhotoError(value?.message ?? 'This photo could not be saved.');
        else if (key in empty) form.setFieldError(key, value?.message ?? 'Please check this field.');
      }
      const reason = error instanceof ClientResponseError && error.status === 0 ? 'No connection: the speaker was not saved.' : 'The speaker was not saved. Check the fields and try again.';
      notify({ topic: 'speaker', kind: 'error', title: 'Not saved', message: reason });
    } finally {
      setSaving(false);
    }
  });

  const currentPhoto = photo?.preview ?? (speaker ? photoUrl(speaker) : null);
  return (
    <Modal opened={opened} onClose={saving ? () => undefined : onClose} title={speaker ? 'Edit speaker' : 'Add speaker'} centered size="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Role" required placeholder="Chief Technology Officer" {...form.getInputProps('role')} />
          <TextInput label="Organisation" {...form.getInputProps('organisation')} />
          <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
          <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
          <Group align="flex-end" wrap="nowrap">
            <Avatar src={currentPhoto} alt={currentPhoto ? 'Photo preview' : undefined} size={72} radius="md">
              <IconPhoto size={28} aria-hidden />
            </Avatar>
            <FileInput
              style={{ flex: 1 }}
              label="Photo"
              description="JPEG, PNG or WebP; resized to 800 pixels at most before it is uploaded."
              placeholder={speaker?.image ? 'Keep the current photo' : 'Choose a photo'}
              accept={PHOTO_TYPES.join(',')}
              clearable
              value={photo?.file ?? null}
              onChange={(file) => void choosePhoto(file)}
              error={photoError}
            />
          </Group>
          {photo && (
            <Text size="xs" c="dimmed">
              Ready to upload: {Math.max(1, Math.round(photo.file.size / 1024))} KB.
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {speaker ? 'Save changes' : 'Add speaker'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
