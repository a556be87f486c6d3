import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A route whose screens are not in the app yet: it says what the user can do meanwhile. */
export function ComingSoonPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py={100}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to="/" variant="light">Back to Home</Button>
      </Stack>
    </Container>
  );
}
