import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { OfflineReadyLine } from '@/components/OfflineReadyLine';
import grids from './Grids.module.css';

const YEAR_ATTRIBUTE = 'data-copyright-year';
const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();

/** The year the prerendered footer says (the build's), read once before React touches the page; null without one. */
const prerenderedYear = typeof document === 'undefined' ? null : Number(document.querySelector(`[${YEAR_ATTRIBUTE}]`)?.getAttribute(YEAR_ATTRIBUTE)) || null;

/**
 * This year. While React hydrates the prerendered page, the year in its markup: a page
 * built in an earlier year then still matches (a mismatch makes React throw the whole
 * page away and render it again), and the year is brought up to date right after.
 */
function useCopyrightYear(): number {
  return useSyncExternalStore(noSubscription, currentYear, () => prerenderedYear ?? currentYear());
}

export function LandingFooter() {
  const year = useCopyrightYear();
  return (
    <Container component="footer" fluid bg="#070c24" className={grids.footer}>
      <Container size="lg" p={0}>
        <Group justify="space-between" gap="md">
          <Text size="sm" c="gray.4" {...{ [YEAR_ATTRIBUTE]: year }}>
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
