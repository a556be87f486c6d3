// The styles loaded after the landing page's first paint: every Mantine component's
// the first paint does not carry, none twice, in the order of Mantine's own bundle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mantineLaterCss } from '../../scripts/lib/mantine-static-styles.mjs';

const firstPaint = readFileSync(new URL('../../src/app/firstPaint.css', import.meta.url), 'utf8');
const importsOf = (css: string) => [...css.matchAll(/@import '@mantine\/core\/styles\/([^']+)';/g)].map((match) => match[1]);

describe('mantineLaterCss', () => {
  const later = importsOf(mantineLaterCss(firstPaint));

  it('leaves out every file the first paint has and nothing else the bundle has', () => {
    const early = importsOf(firstPaint);
    expect(early).toContain('Button.layer.css');
    expect(later.filter((file) => early.includes(file))).toEqual([]);
    expect(later).toEqual(expect.arrayContaining(['Input.layer.css', 'Modal.layer.css', 'ModalBase.layer.css', 'Notification.layer.css', 'Table.layer.css']));
    expect(new Set(later).size).toBe(later.length);
  });

  it('keeps the bundle’s order, where a component comes after the ones it is built on', () => {
    expect(later.indexOf('ModalBase.layer.css')).toBeLessThan(later.indexOf('Modal.layer.css'));
    expect(later.indexOf('Input.layer.css')).toBeLessThan(later.indexOf('PasswordInput.layer.css'));
    expect(later.indexOf('Popover.layer.css')).toBeLessThan(later.indexOf('Combobox.layer.css'));
  });

  it('refuses a first paint that names no Mantine styles, or a file Mantine does not have', () => {
    expect(() => mantineLaterCss('body { margin: 0; }')).toThrow(/imports no Mantine styles/);
    expect(() => mantineLaterCss(`${firstPaint}\n@import '@mantine/core/styles/NoSuchThing.layer.css';`)).toThrow(/NoSuchThing\.layer\.css/);
  });
});
