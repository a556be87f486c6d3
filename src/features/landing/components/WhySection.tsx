import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { EventPhase } from '@/lib/eventPhase';
import { OUTCOMES, WHY_LEAD, WHY_STATISTIC, WHY_STATISTIC_TEXT } from '../content';
import { outcomesTitle } from '../phaseCopy';
import { LandingSection } from './LandingSection';
import classes from './WhySection.module.css';
import grids from './Grids.module.css';

/** After the event, what attendees took away is said in the past tense. */
export function WhySection({ phase = null }: { phase?: EventPhase | null }) {
  return (
    <LandingSection id="why" eyebrow="The readiness gap" title="Why This Masterclass Matters">
      <div className={`${grids.grid} ${grids.why}`}>
        <div className={classes.statistic}>
          <Text className={classes.figure}>{WHY_STATISTIC}</Text>
          <Text className={classes.figureText}>{WHY_STATISTIC_TEXT}</Text>
          <Text className={classes.figureLead}>{WHY_LEAD}</Text>
        </div>
        <Stack gap="lg" justify="center">
          <Title order={3} className={classes.outcomesTitle}>
            {outcomesTitle(phase)}
          </Title>
          <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
            {OUTCOMES.map(({ title, text, icon: Icon }) => (
              <li key={title} className={classes.outcome}>
                <ThemeIcon size={44} radius="md" color="amber" variant="light">
                  <Icon size={24} stroke={1.8} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text className={classes.outcomeTitle}>{title}</Text>
                  <Text c="gray.7" size="sm" mt={2} lh={1.6}>
                    {text}
                  </Text>
                </div>
              </li>
            ))}
          </Stack>
        </Stack>
      </div>
    </LandingSection>
  );
}
