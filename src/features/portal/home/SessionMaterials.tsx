import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { IconCircleCheck, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import type { MaterialRow } from '@/db';
import type { PortalLock } from '../usePortalLock';
import { materialUrl, useOfflineMaterials } from './offlineMaterials';
import { portalMaterials } from './portalMaterials';
import { useFileToken } from './useFileToken';

/** 'Session Materials': the real files, downloadable once the portal has unlocked and kept for offline use. */
export function SessionMaterials({ lock }: { lock: PortalLock }) {
  const materials = useLiveQuery(() => portalMaterials());
  const unlocked = lock.status === 'unlocked';
  const token = useFileToken(unlocked);
  const offline = useOfflineMaterials(unlocked ? materials : undefined, token);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="session-materials">
      <Title order={2} size="h3" id="session-materials" mb="md">
        Session Materials
      </Title>
      {lock.status === 'loading' || (unlocked && !materials) ? (
        <Stack gap="sm">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : lock.status === 'needs-connection' ? (
        <Text size="sm" c="dimmed">
          Not on this device yet.
        </Text>
      ) : lock.status === 'locked' ? (
        <Text size="sm" c="dimmed">
          {lock.words.materialsNote}
        </Text>
      ) : materials && materials.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {materials.map((material) => (
            <MaterialItem key={material.id} material={material} token={token} stored={offline.has(material.id)} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No session materials yet.
        </Text>
      )}
    </Card>
  );
}

function MaterialItem({ material, token, stored }: { material: MaterialRow; token: string | null; stored: boolean }) {
  const label = `Download ${material.title}`;
  // Offline there is no new token, but the stored copy answers to any (or none).
  const href = token || stored ? materialUrl(material, token ?? '') : undefined;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon size={36} radius="md" color="red" variant="light">
          <IconFileTypePdf size={20} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {material.title}
          </Text>
          {material.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {material.description}
            </Text>
          )}
          {stored && (
            <Badge size="xs" variant="light" color="green" mt={4} leftSection={<IconCircleCheck size={12} />} data-testid="material-offline">
              Available offline
            </Badge>
          )}
        </div>
      </Group>
      {/* Phones get the icon alone so the title keeps its width. */}
      <ActionIcon component="a" href={href} aria-label={label} variant="light" size="lg" loading={!href} hiddenFrom="xs">
        <IconDownload size={18} />
      </ActionIcon>
      <Button component="a" href={href} aria-label={label} variant="light" size="xs" leftSection={<IconDownload size={14} />} loading={!href} visibleFrom="xs" style={{ flexShrink: 0 }}>
        Download
      </Button>
    </Group>
  );
}
