// The header of the signed-in shells (the portal and the admin area): the
// phone menu toggle, the AI Champions mark linking home with an optional badge
// beside it (the admin area's), and the shell's own controls on the right.
import type { ReactNode } from 'react';
import { Badge, Box, Burger, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconSparkles } from '@tabler/icons-react';
import responsive from './responsive.module.css';
import { ShellHeader } from './shell/SignedInShell';

export interface AppHeaderProps {
  /** Whether the navigation is open on a phone (the toggle shows it). */
  menuOpened: boolean;
  onMenuToggle: () => void;
  /** A word beside the mark, such as 'Admin'. */
  badge?: string;
  /** The controls on the right (sync status, the account menu); none when absent. */
  children?: ReactNode;
}

export function AppHeader({ menuOpened, onMenuToggle, badge, children }: AppHeaderProps) {
  return (
    <ShellHeader>
      <Group h="100%" className={responsive.paddingInlineSmMd} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <MenuToggle opened={menuOpened} onClick={onMenuToggle} />
          <Link to="/" aria-label="AI Champions Masterclass home" style={{ textDecoration: 'none' }}>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon color="amber" c="navy.9" radius="md" size={32}>
                <IconSparkles size={20} />
              </ThemeIcon>
              <Text fw={800} c="navy.9" visibleFrom="xs">
                AI Champions
              </Text>
            </Group>
          </Link>
          {badge ? (
            <Badge color="amber" c="navy.9" variant="filled" tt="none">
              {badge}
            </Badge>
          ) : null}
        </Group>
        {children ? (
          <Group gap="sm" wrap="nowrap">
            {children}
          </Group>
        ) : null}
      </Group>
    </ShellHeader>
  );
}

/**
 * The phone menu toggle: Mantine's Burger drawn the same way, its lines in a `span`
 * (Burger's own is a `div`, which a button may not hold).
 */
function MenuToggle({ opened, onClick }: { opened: boolean; onClick: () => void }) {
  return (
    <UnstyledButton
      className={`${Burger.classes.root} mantine-Burger-root`}
      style={{ '--burger-size': 'var(--burger-size-sm)' }}
      hiddenFrom="sm"
      onClick={onClick}
      aria-label={opened ? 'Close menu' : 'Open menu'}
    >
      <Box component="span" className={Burger.classes.burger} mod={['reduce-motion', { opened }]} />
    </UnstyledButton>
  );
}
