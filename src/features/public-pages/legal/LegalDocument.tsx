import { useState, type ReactNode } from 'react';
import { Container, Paper, Text, Title, TypographyStylesProvider } from '@mantine/core';
import { formatWeekdayDate } from '@/lib/eventWhen';
import classes from './LegalDocument.module.css';

/**
 * A legal page: title, a 'Last Updated' date and the body text. The date is
 * today's, read from the clock when the page is opened (spec: equal to today).
 */
export function LegalDocument({ title, children }: { title: string; children: ReactNode }) {
  const [openedAt] = useState(() => new Date());

  return (
    <Container size={860} className={classes.container}>
      <Paper component="article" radius={0} className={classes.sheet}>
        <Title order={1} className={classes.title}>{title}</Title>
        <Text c="dimmed" size="sm" mt={6} data-testid="last-updated">
          Last Updated: {formatWeekdayDate(openedAt)}
        </Text>
        <TypographyStylesProvider className={classes.body}>{children}</TypographyStylesProvider>
      </Paper>
    </Container>
  );
}
