import { EXPERIENCES } from '../content';
import { FeatureCard } from './FeatureCard';
import { LandingSection } from './LandingSection';
import classes from './Cards.module.css';

export function ExperienceSection() {
  return (
    <LandingSection
      id="experience"
      eyebrow="Inside the room"
      title="What You'll Experience"
      lead="A practical, hands-on session rather than a lecture: you assess, map, build and trial AI on your own business."
      tone="muted"
    >
      <div className={classes.experienceGrid}>
        {EXPERIENCES.map((copy) => (
          <FeatureCard key={copy.title} copy={copy} className={classes.experienceCard} />
        ))}
      </div>
    </LandingSection>
  );
}
