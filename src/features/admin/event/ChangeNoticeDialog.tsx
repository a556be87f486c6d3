// Asked before saving a change of a masterclass's date, times or place while
// people hold seats: "Notify 37 attendees?" with the update email the first of
// them would get (rendered, as in Admin → Emails, or as plain text). Save and
// notify, save without notifying, or go back to the form.
import { useState } from 'react';
import { Box, Button, Code, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { type ChangePreview, attendeesCount } from './eventNoticesApi';

export interface ChangeNoticeDialogProps {
  preview: ChangePreview | null;
  saving: 'notify' | 'quiet' | null;
  onNotify: () => void;
  onQuiet: () => void;
  onClose: () => void;
}

export function ChangeNoticeDialog({ preview, saving, onNotify, onQuiet, onClose }: ChangeNoticeDialogProps) {
  const [view, setView] = useState<'html' | 'text'>('html');
  const phone = useMediaQuery('(max-width: 36em)');
  const busy = saving !== null;
  const count = preview?.holders ?? 0;
  return (
    <Modal
      opened={preview !== null}
      onClose={busy ? () => undefined : onClose}
      title={`Notify ${attendeesCount(count)}?`}
      centered
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {preview ? (
        <Stack gap="md">
          <Text size="sm">
            {count === 1 ? 'One attendee holds' : `${count} attendees hold`} a seat at this masterclass. Each can get this email about the new date,
            times or place, with the calendar file that updates the entry already in their calendar.
          </Text>
          {preview.preview ? (
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {preview.preview.subject}
                </Text>
                <SegmentedControl
                  size="xs"
                  value={view}
                  onChange={(value) => setView(value as 'html' | 'text')}
                  data={[
                    { label: 'Rendered', value: 'html' },
                    { label: 'Plain text', value: 'text' },
                  ]}
                />
              </Group>
              {view === 'html' ? (
                <Box
                  component="iframe"
                  title="Preview of the update email"
                  sandbox=""
                  srcDoc={preview.preview.html}
                  referrerPolicy="no-referrer"
                  w="100%"
                  h={phone ? 360 : 380}
                  style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
                />
              ) : (
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="update-email-text">
                  {preview.preview.text}
                </Code>
              )}
            </Stack>
          ) : null}
          <Group justify="flex-end" gap="sm" wrap="wrap">
            <Button variant="subtle" color="gray" onClick={onClose} disabled={busy}>
              Back to the form
            </Button>
            <Button variant="default" onClick={onQuiet} loading={saving === 'quiet'} disabled={busy && saving !== 'quiet'}>
              Save without notifying
            </Button>
            <Button color="navy" leftSection={<IconMailForward size={18} />} onClick={onNotify} loading={saving === 'notify'} disabled={busy && saving !== 'notify'}>
              Save and notify {attendeesCount(count)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
