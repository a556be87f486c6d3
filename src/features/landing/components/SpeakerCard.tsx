import { Avatar, UnstyledButton } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { hasMoreBio, speakerCardBio, speakerImageUrl, speakerInitials, type Speaker } from '../speakers';
import classes from './Speakers.module.css';

/** The whole card is one button that opens the speaker's dialog. */
export function SpeakerCard({ speaker, onOpen }: { speaker: Speaker; onOpen: (speaker: Speaker) => void }) {
  const more = hasMoreBio(speaker) ? 'Read full bio' : speaker.website ? 'Website' : null;
  return (
    <UnstyledButton className={classes.card} onClick={() => onOpen(speaker)} aria-haspopup="dialog">
      {/* A span: the card is a button, which may hold only phrasing content (Avatar's root is a block span either way). */}
      <Avatar component="span" src={speakerImageUrl(speaker)} alt="" size={120} radius="lg" color="navy" className={classes.photo}>
        {speakerInitials(speaker)}
      </Avatar>
      <span className={classes.name}>{speaker.name}</span>
      <span className={classes.role}>{speaker.role}</span>
      {speaker.organisation && <span className={classes.organisation}>{speaker.organisation}</span>}
      {/* dir="auto": a bio written in Arabic or Hebrew reads right to left. */}
      <span className={classes.bio} dir="auto">
        {speakerCardBio(speaker)}
      </span>
      {/* The dialog's bio only when it says more than the card; else what else it holds, the website. */}
      {more && (
        <span className={classes.more} aria-hidden>
          {more} <IconArrowRight size={16} />
        </span>
      )}
    </UnstyledButton>
  );
}
