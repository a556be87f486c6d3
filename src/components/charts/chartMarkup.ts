// Recharts 2 (under @mantine/charts) hands an axis's or a bar's layout props on to
// the SVG elements it draws: `orientation`, `width` and `height` on a tick's `line`
// and `text`, `x`, `y`, `radius` and `name` on a bar's `path`, `font-size` on a
// radar's lines, `cx` and `cy` on the chart's `svg`, and so on. SVG draws
// nothing with them (a `line` is placed by x1…y2, a `path` by d), but they are not
// valid markup (docs/testing.md, "HTML validity"). Recharts offers no way to leave
// them out, so a chart's root watches its SVG and removes them as Recharts writes
// them; what is drawn does not change.
import { useEffect, useRef } from 'react';

/** Names Recharts passes through, and the elements on which SVG defines each. */
const LEAKED: Record<string, readonly string[]> = {
  orientation: [],
  radius: [],
  name: [],
  x: ['text', 'tspan', 'rect', 'image', 'use', 'svg', 'foreignObject', 'pattern', 'mask', 'filter', 'clipPath'],
  y: ['text', 'tspan', 'rect', 'image', 'use', 'svg', 'foreignObject', 'pattern', 'mask', 'filter', 'clipPath'],
  width: ['rect', 'image', 'use', 'svg', 'foreignObject', 'pattern', 'mask', 'filter'],
  height: ['rect', 'image', 'use', 'svg', 'foreignObject', 'pattern', 'mask', 'filter'],
  cx: ['circle', 'ellipse', 'radialGradient'],
  cy: ['circle', 'ellipse', 'radialGradient'],
  r: ['circle', 'radialGradient'],
  // A text attribute: on text and on the groups that hand it down, not on a line or a path.
  'font-size': ['text', 'tspan', 'textPath', 'g', 'svg'],
};
const LEAKED_NAMES = Object.keys(LEAKED);
const SELECTOR = LEAKED_NAMES.flatMap((name) => [`svg[${name}]`, `svg [${name}]`]).join(', ');

/** Removes from `element` the attributes SVG does not define on it; true when it removed any. */
export function removeLeakedAttributes(element: Element): boolean {
  let removed = false;
  for (const name of LEAKED_NAMES) {
    if (!element.hasAttribute(name) || element.namespaceURI !== 'http://www.w3.org/2000/svg') continue;
    if (LEAKED[name]!.includes(element.localName)) continue;
    element.removeAttribute(name);
    removed = true;
  }
  return removed;
}

/** Cleans the chart drawn inside `root` now and whenever Recharts redraws it (a resize, new data, a tooltip). */
export function cleanChartMarkup(root: Element): () => void {
  const cleanAll = () => root.querySelectorAll(SELECTOR).forEach(removeLeakedAttributes);
  cleanAll();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') removeLeakedAttributes(record.target as Element);
      else if (record.addedNodes.length > 0) cleanAll();
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: LEAKED_NAMES });
  return () => observer.disconnect();
}

/** A ref for a chart's root element (Mantine's charts pass it on to their root `div`). */
export function useCleanChartMarkup<T extends Element>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!ref.current) return undefined;
    return cleanChartMarkup(ref.current);
  }, []);
  return ref;
}
