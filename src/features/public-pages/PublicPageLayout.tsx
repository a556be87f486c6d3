import type { ReactNode } from 'react';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { OfflineReadyLine } from '@/components/OfflineReadyLine';
import { EVENT_TITLE } from '@/lib/collections';
import classes from './PublicPageLayout.module.css';

const footerLinks = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** Slim header and footer shared by the privacy policy, terms and contact pages. */
export function PublicPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            {EVENT_TITLE}
          </Anchor>
        </Container>
      </header>

      <main className={classes.main}>{children}</main>

      <footer className={classes.footer}>
        <Container size="lg" className={classes.footerInner}>
          <Text size="sm" c="navy.1">
            © {new Date().getFullYear()} {EVENT_TITLE}. All rights reserved.
          </Text>
          <Group component="nav" aria-label="Legal and contact" gap="lg" className={classes.footerLinks}>
            {footerLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.footerLink}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Container>
        <Container size="lg">
          <OfflineReadyLine c="navy.1" ta="center" />
        </Container>
      </footer>
    </div>
  );
}
