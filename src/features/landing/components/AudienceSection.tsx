import { AUDIENCES } from '../content';
import { FeatureCard } from './FeatureCard';
import { LandingSection } from './LandingSection';
import classes from './Cards.module.css';
import grids from './Grids.module.css';

export function AudienceSection() {
  return (
    <LandingSection
      id="audience"
      eyebrow="Is it for you?"
      title="Who Should Attend"
      lead="Built for people who want AI expertise that turns into decisions, budgets and results."
    >
      <div className={`${grids.grid} ${grids.audience}`}>
        {AUDIENCES.map((copy) => (
          <FeatureCard key={copy.title} copy={copy} className={classes.audienceCard} />
        ))}
      </div>
    </LandingSection>
  );
}
