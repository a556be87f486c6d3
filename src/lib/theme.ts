import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep navy for trust, warm amber for calls to action.
const navy: MantineColorsTuple = ['#eef1fa', '#d9dff0', '#adbbe2', '#7f95d4', '#5a76c8', '#4362c1', '#3658bf', '#2849a8', '#213f97', '#1c2a5e'];
const amber: MantineColorsTuple = ['#fff8e1', '#ffefcc', '#ffdd9b', '#ffca64', '#ffba38', '#ffb01b', '#ffab09', '#e39500', '#ca8400', '#af7100'];

export const theme = createTheme({
  primaryColor: 'navy',
  colors: { navy, amber },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '800' },
  defaultRadius: 'md',
});
