import { SimpleGrid } from '@mantine/core';
import { AUDIENCES } from '../content';
import { FeatureCard } from './FeatureCard';
import { LandingSection } from './LandingSection';
import classes from './Cards.module.css';

export function AudienceSection() {
  return (
    <LandingSection
      id="audience"
      eyebrow="Is it for you?"
      title="Who Should Attend"
      lead="Built for people who want AI expertise that turns into decisions, budgets and results."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {AUDIENCES.map((copy) => (
          <FeatureCard key={copy.title} copy={copy} className={classes.audienceCard} />
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
