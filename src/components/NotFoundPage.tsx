import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { holdPageMeta, NOT_FOUND_META } from '@/app/pageMeta';

export function NotFoundPage() {
  useEffect(() => holdPageMeta(NOT_FOUND_META), []);
  return (
    <Container size="sm" py={120}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={96} c="navy.9">404</Title>
        <Text fz="xl" fw={600}>Oops! Page not found</Text>
        <Button component={Link} to="/" size="md">Return to Home</Button>
      </Stack>
    </Container>
  );
}
