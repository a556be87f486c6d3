import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { NextMasterclass } from '../nextMasterclass';
import classes from './NextMasterclassLine.module.css';

/** "Next: Wednesday 10 March 2027 — Register": the date opens its page, Register its registration. */
export function NextMasterclassLine({ next }: { next: NextMasterclass }) {
  return (
    <p className={classes.line} data-testid="next-masterclass">
      <span className={classes.label}>Next:</span>{' '}
      <Anchor renderRoot={(props) => <Link to="/events/$slug" params={{ slug: next.slug }} {...props} />} className={classes.link}>
        {next.date}
      </Anchor>{' '}
      —{' '}
      <Anchor renderRoot={(props) => <Link to="/register" search={{ event: next.slug }} {...props} />} className={classes.link} data-testid="next-masterclass-register">
        Register
      </Anchor>
    </p>
  );
}
