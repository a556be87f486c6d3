import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { OfflineReadyLine } from '@/components/OfflineReadyLine';
import grids from './Grids.module.css';

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <Container component="footer" fluid bg="#070c24" className={grids.footer}>
      <Container size="lg" p={0}>
        <Group justify="space-between" gap="md">
          <Text size="sm" c="gray.4">
            © {year} AI Champions Masterclass. All rights reserved.
          </Text>
          <Group component="nav" aria-label="Legal and contact" gap="lg">
            <Anchor component={Link} to="/privacy-policy" size="sm" c="gray.3">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm" c="gray.3">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm" c="gray.3">
              Contact Us
            </Anchor>
          </Group>
        </Group>
        <OfflineReadyLine c="gray.4" />
      </Container>
    </Container>
  );
}
