// A QR code's dark modules as one SVG path, for the ticket's QR code
// (src/components/ticket/TicketQr.tsx).

/**
 * The QR code as one SVG path: each run of dark modules in a row is a
 * rectangle, moved in by the quiet zone (`margin` modules on every side).
 */
export function qrPath(modules: readonly (readonly boolean[])[], margin: number): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`);
    }
  });
  return parts.join('');
}
