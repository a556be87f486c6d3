import { memo } from 'react';
import { Chip, Group, ScrollArea } from '@mantine/core';

const ALL_INDUSTRIES = 'all';

interface IndustryChipsProps {
  industries: string[];
  chosen?: string;
  onChoose: (industry: string | undefined) => void;
}

/** 'All Industries' and each industry of the library; one at a time. */
export const IndustryChips = memo(function IndustryChips({ industries, chosen, onChoose }: IndustryChipsProps) {
  // An industry from a shared link stays choosable (and can be unchosen) even if this device has none of it.
  const names = chosen && !industries.includes(chosen) ? [...industries, chosen] : industries;
  return (
    <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
      <Chip.Group multiple={false} value={chosen ?? ALL_INDUSTRIES} onChange={(next) => onChoose(next === ALL_INDUSTRIES ? undefined : next)}>
        <Group gap="xs" wrap="nowrap" pb={4} role="group" aria-label="Industry">
          <Chip value={ALL_INDUSTRIES}>All Industries</Chip>
          {names.map((name) => (
            <Chip key={name} value={name}>{name}</Chip>
          ))}
        </Group>
      </Chip.Group>
    </ScrollArea>
  );
});
