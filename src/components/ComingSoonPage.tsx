import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Placeholder for a route whose feature is not built yet. It says so and does nothing else. */
export function ComingSoonPage({ title, comingWith }: { title: string; comingWith: string }) {
  return (
    <Container size="sm" py={100}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">This page is coming with {comingWith}.</Text>
        <Button component={Link} to="/" variant="light">Back to Home</Button>
      </Stack>
    </Container>
  );
}
