// Equal columns whose number changes at Mantine's breakpoints, as SimpleGrid lays
// them out (`cols={{ base: 1, sm: 2 }}`, `spacing`, `verticalSpacing`), from a
// stylesheet instead of the <style> element SimpleGrid puts in the page's body
// (docs/testing.md, "HTML validity").
import { createElement, type CSSProperties, type ReactNode } from 'react';
import { Box, getSpacing, type BoxProps, type MantineSpacing } from '@mantine/core';
import clsx from 'clsx';
import classes from './ResponsiveGrid.module.css';

const BREAKPOINTS = ['base', 'xs', 'sm', 'md', 'lg', 'xl'] as const;
type Breakpoint = (typeof BREAKPOINTS)[number];

export interface ResponsiveGridProps extends BoxProps {
  /** Columns: one number, or a number from each named breakpoint up (`base` below the first). */
  cols: number | Partial<Record<Breakpoint, number>>;
  /** The gap between columns (SimpleGrid's default: md). */
  spacing?: MantineSpacing;
  /** The gap between rows (the column gap unless given). */
  verticalSpacing?: MantineSpacing;
  /** The element drawn (a `ul` for a list laid out in columns). */
  component?: 'div' | 'ul' | 'ol' | 'section';
  children?: ReactNode;
  id?: string;
  role?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

export function ResponsiveGrid({ cols, spacing = 'md', verticalSpacing, className, style, component = 'div', ...others }: ResponsiveGridProps) {
  const counts: Partial<Record<Breakpoint, number>> = typeof cols === 'number' ? { base: cols } : cols;
  const variables: Record<string, string> = {
    '--grid-spacing-x': String(getSpacing(spacing)),
    '--grid-spacing-y': String(getSpacing(verticalSpacing ?? spacing)),
  };
  const marks: Record<string, boolean> = {};
  for (const breakpoint of BREAKPOINTS) {
    const count = counts[breakpoint];
    if (count === undefined) continue;
    variables[`--grid-cols-${breakpoint}`] = String(count);
    if (breakpoint !== 'base') marks[`cols-${breakpoint}`] = true;
  }
  return (
    <Box
      renderRoot={(props) => createElement(component, props)}
      className={clsx(classes.grid, className)}
      mod={marks}
      style={[variables as CSSProperties, style]}
      {...others}
    />
  );
}
