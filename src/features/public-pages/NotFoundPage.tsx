import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { holdPageMeta, NOT_FOUND_META } from '@/app/pageMeta';
import { PublicPageLayout } from './PublicPageLayout';
import classes from './NotFoundPage.module.css';

/** The pages a visitor who followed a wrong link most likely wanted. */
const wayAround = [
  { to: '/register', label: 'Register' },
  { to: '/auth', label: 'Sign In' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export function NotFoundPage() {
  useEffect(() => holdPageMeta(NOT_FOUND_META), []);
  return (
    <PublicPageLayout>
      <Container size="sm" className={classes.container}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} fz={96} c="navy.9">404</Title>
          <Text fz="xl" fw={600}>Oops! Page not found</Text>
          <Button component={Link} to="/" size="md">Return to Home</Button>
          <Group component="nav" aria-label="Elsewhere on the site" gap="lg" justify="center" mt="sm">
            {wayAround.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="navy.7" fw={600}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Stack>
      </Container>
    </PublicPageLayout>
  );
}
