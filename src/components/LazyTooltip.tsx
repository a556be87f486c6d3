// A Mantine tooltip set up on first use. Each Mantine tooltip sets up its
// floating position and hover handling as it renders, shown or not: the
// attendee table's sixty (Edit, Delete and the invitation mark on each of
// twenty rows) were a sixth of its first drawing on a slowed phone. This one
// draws its target alone until a mouse rests on it, then the real tooltip,
// shown at once. The switch is made within the event (flushSync), so the press
// that follows lands on the element that stays, and a focus the target held is
// given to the element that replaces it (in its place: the tooltip itself is
// drawn elsewhere, in a portal). Like Mantine's own (events: hover only), it
// does not open on touch or on focus: the targets carry their words as labels.
import { cloneElement, useState, type PointerEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { Tooltip, type TooltipProps } from '@mantine/core';

interface TargetProps {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
}

export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children'> & { children: ReactElement<TargetProps> }) {
  const [active, setActive] = useState(false);
  if (active) {
    return (
      <Tooltip defaultOpened {...props}>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      children.props.onPointerEnter?.(event);
      if (event.pointerType !== 'mouse') return;
      const element = event.currentTarget;
      const parent = element.parentElement;
      const place = parent ? Array.prototype.indexOf.call(parent.children, element) : -1;
      const focused = element === document.activeElement;
      flushSync(() => setActive(true));
      if (focused && parent) (parent.children[place] as HTMLElement | undefined)?.focus({ preventScroll: true });
    },
  });
}
