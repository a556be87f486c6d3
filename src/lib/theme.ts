import { createElement } from 'react';
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Deep navy for trust, warm amber for calls to action.
const navy: MantineColorsTuple = ['#eef1fa', '#d9dff0', '#adbbe2', '#7f95d4', '#5a76c8', '#4362c1', '#3658bf', '#2849a8', '#213f97', '#1c2a5e'];
const amber: MantineColorsTuple = ['#fff8e1', '#ffefcc', '#ffdd9b', '#ffca64', '#ffba38', '#ffb01b', '#ffab09', '#e39500', '#ca8400', '#af7100'];

// A deliberate system font stack: each phone and computer shows its own interface
// font (San Francisco, Segoe UI, Roboto…), with nothing to download before text paints.
const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** A component's root `div`, rendered without the named props (Box's `renderRoot`). */
function rootWithout(...names: string[]) {
  return (props: Record<string, unknown>) => createElement('div', Object.fromEntries(Object.entries(props).filter(([name]) => !names.includes(name))));
}

const SHARED_PORTAL = { reuseTargetNode: true } as const;

export const theme = createTheme({
  primaryColor: 'navy',
  colors: { navy, amber },
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '800' },
  defaultRadius: 'md',
  // People who ask their system for less motion get no sliding, fading or scaling:
  // modals, drawers, menus and notices appear and leave at once.
  respectReducedMotion: true,
  components: {
    // Mantine 7 hands these components' own props on to their root element, where they are
    // not valid HTML on a div: ThemeIcon's `radius` and `color`, a select option's `value`.
    ThemeIcon: { defaultProps: { renderRoot: rootWithout('radius', 'color') } },
    ComboboxOption: { defaultProps: { renderRoot: rootWithout('value') } },
    // A loader is named by its aria-label: a status, which a plain span may not be named as.
    Loader: { defaultProps: { role: 'status' } },
    // Every tooltip, menu and popover renders a portal even while closed. By default
    // each one adds a node of its own under <body>, and React listens for every
    // event on each of them: the attendee table's twenty rows made 96 of them, the
    // largest single cost of drawing that screen. One shared node serves them all
    // (dialogs and notices keep their own).
    Tooltip: { defaultProps: { portalProps: SHARED_PORTAL } },
    Popover: { defaultProps: { portalProps: SHARED_PORTAL } },
    Menu: { defaultProps: { portalProps: SHARED_PORTAL } },
    // A select's list is drawn when it opens, not kept (hidden) beside every select: kept, each
    // one was positioned as its screen first drew, which forced the browser to work out the new
    // screen's styles and layout before it was done (135 ms of the attendee screen at 4× slower CPU).
    // The input names its list (aria-controls) only while it is open either way.
    Combobox: { defaultProps: { portalProps: SHARED_PORTAL, keepMounted: false } },
  },
});

/**
 * Secondary text and amber words readable by everyone (WCAG AA, 4.5:1): Mantine's
 * dimmed grey is 3.3:1 on white and amber.8 3.1:1, so text uses darker tones of
 * both; amber fills (buttons, borders, dots) keep the brand's brighter amber.
 */
export const DIMMED_TEXT = '#5f6770';
export const AMBER_TEXT = '#9a6200';

/**
 * Text on light badges and alerts (Mantine's `light` variant: the colour at 10 % on
 * white): the tone of each colour that reads at 4.5:1 or better there, where
 * Mantine's own (shade 6) reads 2.2–3.6:1.
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  gray: DIMMED_TEXT, red: '#c92a2a', pink: '#c2255c', grape: '#9c36b5', violet: '#7048e8', indigo: '#3b5bdb', blue: '#1864ab', cyan: '#0b7285',
  teal: '#087a57', green: '#287f39', lime: '#4d7c0b', yellow: '#a65600', orange: '#bf3f0d', navy: '#2849a8', amber: '#9a6300',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--masterclass-amber-text': AMBER_TEXT },
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    ...Object.fromEntries(Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text])),
  },
  dark: {},
});
