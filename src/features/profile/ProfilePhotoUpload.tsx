// Uploading a profile photo (JPEG, PNG or WebP, at most 5 MB; the server
// checks the content and makes the thumbnails). A file goes straight to the
// server, never into the device's outbox: offline the button is off and the
// card says that uploading needs a connection. The new photo reaches the
// device's copy of the profile through the sync.
import { useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import type { ProfileRow } from '@/db';
import { pb } from '@/lib/pocketbase';
import { useOnline } from '@/pwa/useOnline';
import { requestSync } from '@/sync';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TYPE_MESSAGE = 'Choose a photo in JPEG, PNG or WebP format.';

/** Why a chosen file cannot be a profile photo, or null. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return TYPE_MESSAGE;
  if (file.size > PHOTO_MAX_BYTES) return 'Choose a photo of at most 5 MB.';
  return null;
}

function uploadFailure(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'You are offline. Uploading a photo needs a connection.';
    const photo = (error.response?.data as Record<string, { message?: string }> | undefined)?.photo;
    if (photo?.message) return photo.message;
  }
  return 'The photo could not be uploaded. Please try again.';
}

export function ProfilePhotoUpload({ profile }: { profile: ProfileRow }) {
  const online = useOnline();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setMessage({ error: true, text: problem });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const form = new FormData();
      form.append('photo', file);
      await pb.collection('users').update(profile.id, form, { requestKey: null });
      setMessage({ error: false, text: 'Your photo has been uploaded.' });
      void requestSync();
    } catch (error) {
      setMessage({ error: true, text: uploadFailure(error) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await pb.collection('users').update(profile.id, { photo: null }, { requestKey: null });
      setMessage({ error: false, text: 'Your photo has been removed.' });
      void requestSync();
    } catch (error) {
      setMessage({ error: true, text: uploadFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="profile-photo-input"
        onChange={(event) => void upload(event.currentTarget.files?.[0])}
      />
      <Group gap="xs" justify="center" wrap="wrap">
        <Button variant="default" leftSection={<IconPhotoUp size={18} />} disabled={!online} loading={busy} onClick={() => input.current?.click()}>
          Upload a photo
        </Button>
        {profile.photo && (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={18} />} disabled={!online || busy} onClick={() => void remove()}>
            Remove photo
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {online ? 'JPEG, PNG or WebP, at most 5 MB. Or give the address of an image below.' : 'Uploading a photo needs a connection. You can still give the address of an image below.'}
      </Text>
      {message && (
        <Text size="sm" c={message.error ? 'red.9' : undefined} role={message.error ? 'alert' : 'status'} ta="center">
          {message.text}
        </Text>
      )}
    </>
  );
}
