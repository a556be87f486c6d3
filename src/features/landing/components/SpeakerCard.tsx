import { Avatar, UnstyledButton } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { speakerBio, speakerImageUrl, speakerInitials, type Speaker } from '../speakers';
import classes from './Speakers.module.css';

/** The whole card is one button that opens the speaker's dialog. */
export function SpeakerCard({ speaker, onOpen }: { speaker: Speaker; onOpen: (speaker: Speaker) => void }) {
  return (
    <UnstyledButton className={classes.card} onClick={() => onOpen(speaker)} aria-haspopup="dialog">
      {/* A span: the card is a button, which may hold only phrasing content (Avatar's root is a block span either way). */}
      <Avatar component="span" src={speakerImageUrl(speaker)} alt="" size={120} radius="lg" color="navy" className={classes.photo}>
        {speakerInitials(speaker)}
      </Avatar>
      <span className={classes.name}>{speaker.name}</span>
      <span className={classes.role}>{speaker.role}</span>
      {speaker.organisation && <span className={classes.organisation}>{speaker.organisation}</span>}
      <span className={classes.bio}>{speakerBio(speaker)}</span>
      <span className={classes.more} aria-hidden>
        Read full bio <IconArrowRight size={16} />
      </span>
    </UnstyledButton>
  );
}
