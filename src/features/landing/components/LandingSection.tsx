import type { ReactNode } from 'react';
import { Box, Container, Text, Title } from '@mantine/core';
import classes from './LandingSection.module.css';

interface LandingSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** One landing section: a labelled landmark with the page's heading rhythm. */
export function LandingSection({ id, eyebrow, title, lead, tone = 'plain', children }: LandingSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} className={classes.section} data-tone={tone}>
      <Container size="lg">
        <div className={classes.header}>
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={2} id={headingId} className={classes.title}>
            {title}
          </Title>
          {lead && <Text className={classes.lead}>{lead}</Text>}
        </div>
        {children}
      </Container>
    </Box>
  );
}
