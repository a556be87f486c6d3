import { lazy, Suspense, useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { Placeholder } from './Placeholder';
import type { Speaker } from '../speakers';
import type { Loadable } from '../useLoadable';
import { LandingSection } from './LandingSection';
import { SpeakerCard } from './SpeakerCard';
import classes from './Speakers.module.css';
import grids from './Grids.module.css';
import { loadFullStyles } from '@/app/deferred';

// The dialog (Mantine's Modal with its transitions and scroll lock, and its styles)
// is not part of the first paint: it loads when a speaker is first opened.
const SpeakerDialog = lazy(() =>
  Promise.all([import('./SpeakerDialog'), loadFullStyles()]).then(([module]) => ({ default: module.SpeakerDialog })),
);

const BANNER_IMAGES = [
  { src: '/images/banner-workshop.svg', alt: 'Leaders working together at a masterclass table' },
  { src: '/images/banner-agents.svg', alt: 'AI agents connected in a network' },
  { src: '/images/banner-strategy.svg', alt: 'A strategy roadmap rising towards a goal' },
];

export function SpeakersSection({ speakers }: { speakers: Loadable<Speaker[]> }) {
  const [selected, setSelected] = useState<Speaker | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (speaker: Speaker) => {
    setSelected(speaker);
    setOpened(true);
  };

  return (
    <LandingSection
      id="speakers"
      eyebrow="Your hosts"
      title="Meet Your Speakers"
      lead="Learn from practitioners who put AI to work in real businesses every day."
      tone="muted"
    >
      <div className={classes.banner}>
        {BANNER_IMAGES.map((image) => (
          <img key={image.src} src={image.src} alt={image.alt} loading="lazy" />
        ))}
      </div>
      <div className={`${grids.grid} ${grids.speakers} ${classes.grid}`}>
        {speakers.status === 'loading' && [0, 1].map((key) => <SpeakerCardSkeleton key={key} />)}
        {speakers.status === 'ready' &&
          speakers.value.map((speaker) => <SpeakerCard key={speaker.id} speaker={speaker} onOpen={open} />)}
      </div>
      {(speakers.status === 'failed' || (speakers.status === 'ready' && speakers.value.length === 0)) && (
        <Text ta="center" c="dimmed" mt="md">
          Speaker profiles are not available right now. Please check back soon.
        </Text>
      )}
      {selected && (
        <Suspense fallback={null}>
          <SpeakerDialog speaker={selected} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </LandingSection>
  );
}

function SpeakerCardSkeleton() {
  return (
    <Paper radius="lg" p="xl" withBorder aria-hidden>
      <Stack align="center" gap="sm">
        <Placeholder height={120} width={120} radius="lg" />
        <Placeholder height={20} width="60%" mt="sm" />
        <Placeholder height={14} width="40%" />
        <Placeholder height={12} mt="sm" />
        <Placeholder height={12} />
        <Placeholder height={12} width="80%" />
      </Stack>
    </Paper>
  );
}
