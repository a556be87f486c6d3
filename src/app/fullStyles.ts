// Every Mantine component's styles the first paint does not carry, in Mantine's `mantine`
// cascade layer (scripts/lib/mantine-static-styles.mjs builds the list from firstPaint.css).
import 'virtual:mantine-later.css';
