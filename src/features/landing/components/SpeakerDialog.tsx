import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { speakerBio, speakerImageUrl, speakerInitials, type Speaker } from '../speakers';

interface SpeakerDialogProps {
  /** The last speaker opened; kept while the dialog animates closed. */
  speaker: Speaker | null;
  opened: boolean;
  onClose: () => void;
}

export function SpeakerDialog({ speaker, opened, onClose }: SpeakerDialogProps) {
  return (
    <Modal
      opened={opened && speaker !== null}
      onClose={onClose}
      title={speaker?.name}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-xl)', color: 'var(--mantine-color-navy-9)' } }}
    >
      {speaker && (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar src={speakerImageUrl(speaker)} alt="" size={80} radius="md" color="navy">
              {speakerInitials(speaker)}
            </Avatar>
            <div>
              <Text fw={700} c="var(--masterclass-amber-text)">
                {speaker.role}
              </Text>
              {speaker.organisation && (
                <Text size="sm" c="dimmed">
                  {speaker.organisation}
                </Text>
              )}
            </div>
          </Group>
          {/* The whole bio, its paragraphs kept (the card shows its opening: ../speakers.ts speakerCardBio). */}
          <Text lh={1.7} style={{ whiteSpace: 'pre-line' }} dir="auto" data-testid="speaker-bio">
            {speakerBio(speaker)}
          </Text>
          {speaker.website && (
            <Group justify="flex-end">
              <Button
                component="a"
                href={speaker.website}
                target="_blank"
                rel="noopener noreferrer"
                color="navy"
                radius="xl"
                rightSection={<IconExternalLink size={16} />}
              >
                Visit Website
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
