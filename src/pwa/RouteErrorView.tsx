// The router's error view. A route whose code can no longer be loaded (a deploy
// replaced it, or it was never stored on this device and the network is gone)
// offers a reload; any other error says so, with a reload and a way home.
import { useEffect } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { countInPageOffer, isChunkLoadError } from './chunkErrors';

export function RouteErrorView({ error }: ErrorComponentProps) {
  const missingCode = isChunkLoadError(error);
  useEffect(() => countInPageOffer(), []);
  useEffect(() => {
    if (!missingCode) console.error('A page failed', error);
  }, [error, missingCode]);

  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1} c="navy.9">
          {missingCode ? 'This page needs a reload' : 'Something went wrong'}
        </Title>
        <Text fz="lg" c="dimmed" maw={480}>
          {missingCode
            ? navigator.onLine
              ? 'A newer version of the app is out and part of this page could not be loaded. Reload to continue; what you typed in forms is kept.'
              : "Part of this page isn't stored on this device yet. Reload once you're back online; what you typed in forms is kept."
            : 'This page ran into a problem. Reload to try again; what you typed in forms is kept.'}
        </Text>
        <Group justify="center">
          <Button size="md" leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button size="md" variant="default" component={Link} to="/" reloadDocument>
            Return to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
