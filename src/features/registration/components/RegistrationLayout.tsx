import type { ReactNode } from 'react';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EVENT_TITLE } from '@/lib/collections';
import classes from './RegistrationLayout.module.css';
import responsive from '@/components/responsive.module.css';

interface RegistrationLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** The form with its order summary needs more room than a single column. */
  wide: boolean;
  children: ReactNode;
}

/** The page frame: a Home link, the page title, then the current step. */
export function RegistrationLayout({ title, subtitle, wide, children }: RegistrationLayoutProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Anchor component={Link} to="/" className={classes.homeLink} underline="never">
            <IconArrowLeft size={18} aria-hidden />
            Home
          </Anchor>
          <Text className={classes.brand}>{EVENT_TITLE}</Text>
        </Container>
      </header>
      <Container component="main" size={wide ? 'lg' : 'sm'} className={classes.main}>
        <Title order={1} c="navy.9" className={responsive.fontSize26to34} lh={1.2}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" mt={6}>
            {subtitle}
          </Text>
        )}
        {children}
      </Container>
    </div>
  );
}
