// The frame of the signed-in shells (the portal and the admin area): header,
// sidebar and page, laid out by SignedInShell.module.css as Mantine's AppShell
// lays them out, without the <style> element AppShell puts in the page's body.
// Each part also carries a plain class (`app-shell-header`, `app-shell-navbar`,
// `app-shell-main`) for print stylesheets and journeys.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, ScrollArea, type BoxProps, type ElementProps } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import clsx from 'clsx';
import classes from './SignedInShell.module.css';

/** How long the sidebar slides; resizing the window (or the first draw) does not animate it. */
const TRANSITION_MS = 200;

/**
 * Scroll locks (a modal open) shift fixed elements with this class by the scrollbar's width,
 * as they do Mantine's own AppShell header (react-remove-scroll's `zeroRight` class).
 */
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

/** True while the window is being resized, and for a moment after the shell first draws. */
function useResizing(): boolean {
  const [resizing, setResizing] = useState(true);
  const timer = useRef(-1);
  const settle = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setResizing(false), TRANSITION_MS);
  };
  useWindowEvent('resize', () => {
    setResizing(true);
    settle();
  });
  useEffect(() => {
    settle();
    return () => window.clearTimeout(timer.current);
  }, []);
  return resizing;
}

export function SignedInShell({ menuOpened, children }: { menuOpened: boolean; children: ReactNode }) {
  const resizing = useResizing();
  return (
    <Box className={classes.root} mod={{ resizing, 'menu-opened': menuOpened }}>
      {children}
    </Box>
  );
}

export function ShellHeader({ children }: { children: ReactNode }) {
  return (
    <header className={clsx(classes.header, 'app-shell-header', KEEP_CLEAR_OF_SCROLLBAR)}>
      {children}
    </header>
  );
}

export function ShellNavbar({ className, ...others }: BoxProps & ElementProps<'nav'>) {
  return <Box component="nav" className={clsx(classes.navbar, 'app-shell-navbar', className)} {...others} />;
}

export function ShellMain({ className, ...others }: BoxProps & ElementProps<'main'>) {
  return <Box component="main" className={clsx(classes.main, 'app-shell-main', className)} {...others} />;
}

/** A part of the sidebar; `grow` takes the height left, scrolling when its content is taller. */
export function ShellSection({ grow, className, ...others }: { grow?: boolean } & BoxProps & ElementProps<'div'>) {
  if (grow) return <ScrollArea className={clsx(classes.section, className)} data-grow scrollbars="y" {...others} />;
  return <Box className={clsx(classes.section, className)} {...others} />;
}
