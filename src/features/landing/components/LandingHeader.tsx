import { Box, Container, Group, useMatches } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconLayoutDashboard, IconLogin, IconShieldLock, IconSparkles } from '@tabler/icons-react';
import { useSession } from '@/lib/session';
import { ButtonLink } from './ButtonLink';
import classes from './Header.module.css';

/** Brand and the account actions (spec: Sign In, or Go to Dashboard plus Admin for administrators). */
export function LandingHeader() {
  const { signedIn, isAdmin } = useSession();
  const size = useMatches({ base: 'xs', sm: 'sm' });
  return (
    <header className={classes.header}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Link to="/" className={classes.brand} aria-label="AI Champions Masterclass home">
            <span className={classes.mark}>
              <IconSparkles size={20} stroke={2} aria-hidden />
            </span>
            <Box component="span" visibleFrom="xs">
              AI Champions
            </Box>
          </Link>
          <Group component="nav" aria-label="Account" gap="xs" wrap="nowrap">
            {signedIn ? (
              <>
                {isAdmin && (
                  <ButtonLink to="/admin" size={size} variant="outline" color="gray.0" leftSection={<IconShieldLock size={16} />}>
                    Admin
                  </ButtonLink>
                )}
                <ButtonLink to="/dashboard" size={size} variant="white" color="navy" leftSection={<IconLayoutDashboard size={16} />}>
                  Go to Dashboard
                </ButtonLink>
              </>
            ) : (
              <ButtonLink to="/auth" size={size} variant="white" color="navy" leftSection={<IconLogin size={16} />}>
                Sign In
              </ButtonLink>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
}
