import type { ReactNode } from 'react';
import { Anchor, Paper, Text } from '@mantine/core';
import clsx from 'clsx';
import { IconArrowLeft, IconSparkles } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EVENT_TITLE } from '@/lib/collections';
import classes from './AuthLayout.module.css';
import responsive from '@/components/responsive.module.css';

/** The centred card of /auth and /reset-password: a Home link, the brand, then the form. */
export function AuthLayout({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <div className={classes.page}>
      <main className={classes.column}>
        <Anchor component={Link} to="/" className={classes.homeLink} underline="never">
          <IconArrowLeft size={16} aria-hidden />
          Home
        </Anchor>
        <Paper className={clsx(classes.card, responsive.paddingLgXlFromXs)} radius="lg" shadow="xl">
          <div className={classes.brand}>
            <span className={classes.mark}>
              <IconSparkles size={22} stroke={2} aria-hidden />
            </span>
            <div>
              <Text className={classes.brandName}>{EVENT_TITLE}</Text>
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            </div>
          </div>
          {children}
        </Paper>
      </main>
    </div>
  );
}
