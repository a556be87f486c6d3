import { useId } from 'react';
import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { FeatureCopy } from '../content';
import classes from './Cards.module.css';

/** An icon, a title and a short text; an `article` named by its title. */
export function FeatureCard({ copy, className }: { copy: FeatureCopy; className?: string }) {
  const titleId = useId();
  const Icon = copy.icon;
  return (
    <Card component="article" aria-labelledby={titleId} radius="lg" padding="lg" className={`${classes.card} ${className}`}>
      <ThemeIcon size={48} radius="md" variant="light" color="navy">
        <Icon size={26} stroke={1.7} aria-hidden />
      </ThemeIcon>
      <Title order={3} id={titleId} className={classes.cardTitle}>
        {copy.title}
      </Title>
      <Text className={classes.cardText}>{copy.text}</Text>
    </Card>
  );
}
