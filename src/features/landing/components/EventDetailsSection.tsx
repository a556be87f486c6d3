import { Text, ThemeIcon } from '@mantine/core';
import { Placeholder } from './Placeholder';
import { IconBuildingCommunity, IconCalendarEvent, IconClock, IconHourglass, IconMapPin, IconUsers, type Icon } from '@tabler/icons-react';
import type { EventPhase } from '@/lib/eventPhase';
import { eventFacts, eventFactsFromTexts } from '../eventFacts';
import type { HeroTexts } from '../heroView';
import { detailsEyebrow } from '../phaseCopy';
import type { MasterclassEvent } from '../eventRecord';
import type { Speaker } from '../speakers';
import type { Loadable } from '../useLoadable';
import { LandingSection } from './LandingSection';
import classes from './EventDetails.module.css';
import grids from './Grids.module.css';

interface EventDetailsSectionProps {
  /** null while the event record loads */
  event: MasterclassEvent | null;
  /** null while the event record loads */
  phase: EventPhase | null;
  speakers: Loadable<Speaker[]>;
  /** The server's words for the event's dates, when it sent them with the page (no date formatter to create). */
  texts?: HeroTexts | null;
}

export function EventDetailsSection({ event, phase, speakers, texts = null }: EventDetailsSectionProps) {
  const facts = event ? (texts ? eventFactsFromTexts(event, texts) : eventFacts(event)) : null;
  const hosts = hostOrganisations(speakers);
  return (
    <LandingSection id="event-details" eyebrow={detailsEyebrow(phase)} title="Event Details">
      <div className={`${grids.grid} ${grids.details}`}>
        <Fact icon={IconCalendarEvent} label="Date" value={facts?.date} />
        <Fact icon={IconClock} label="Time" note={facts?.zoneLabel} value={facts?.timeRange} />
        <Fact icon={IconMapPin} label="Location" note={event?.venue || undefined} value={event?.location} />
        <Fact icon={IconHourglass} label="Duration" value={facts?.duration} />
        <Fact icon={IconUsers} label="Capacity" value={facts?.capacity} />
        <Fact icon={IconBuildingCommunity} label="Co-hosted by" value={speakers.status === 'loading' ? undefined : hosts} />
      </div>
    </LandingSection>
  );
}

/** The co-hosts are the organisations the speakers come from, in speaker order. */
function hostOrganisations(speakers: Loadable<Speaker[]>): string {
  const names = speakers.status === 'ready' ? [...new Set(speakers.value.map((s) => s.organisation.trim()).filter(Boolean))] : [];
  return names.length > 0 ? names.join(' & ') : 'Two leading AI organisations';
}

interface FactProps {
  icon: Icon;
  label: string;
  /** undefined while loading */
  value: string | undefined;
  note?: string;
}

function Fact({ icon: FactIcon, label, value, note }: FactProps) {
  const loading = value === undefined;
  return (
    <div className={classes.fact} aria-busy={loading || undefined}>
      <ThemeIcon size={44} radius="md" variant="light" color="navy">
        <FactIcon size={24} stroke={1.7} aria-hidden />
      </ThemeIcon>
      <div>
        <Text className={classes.label}>{label}</Text>
        {loading ? (
          <Placeholder height={18} width={160} mt={8} />
        ) : (
          <>
            <Text className={classes.value}>{value}</Text>
            {note && <Text className={classes.note}>{note}</Text>}
          </>
        )}
      </div>
    </div>
  );
}
