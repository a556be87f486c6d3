// Renders the app icons from one source image, public/icon.svg, with the
// system Chromium (the one the browser tests use), so no image library is
// needed. Run after changing the source and commit the PNGs it writes:
//   node scripts/generate-icons.mjs
// Writes to public/icons/:
//   icon-192.png, icon-512.png  the source as drawn (rounded, transparent corners)
//   maskable-512.png            full-bleed background, artwork inside the 80 % safe zone
//   apple-touch-icon.png        180 px, full-bleed (iOS rounds the corners itself)
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'public/icon.svg');
const outDir = path.join(root, 'public/icons');
// The manifest's background: the theme's deepest navy (src/lib/theme.ts, navy[9]).
const BACKGROUND = '#1c2a5e';

const icons = [
  { file: 'icon-192.png', size: 192, scale: 1, fullBleed: false },
  { file: 'icon-512.png', size: 512, scale: 1, fullBleed: false },
  // Launchers crop a maskable icon to any shape inside a circle of 80 % of its width.
  { file: 'maskable-512.png', size: 512, scale: 0.72, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, scale: 1, fullBleed: true },
];

function page(svgDataUrl, { size, scale, fullBleed }) {
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; padding: 0; background: ${fullBleed ? BACKGROUND : 'transparent'}; }
    img { position: absolute; left: ${offset}px; top: ${offset}px; width: ${inner}px; height: ${inner}px; }
  </style></head><body><img src="${svgDataUrl}" alt=""></body></html>`;
}

const svg = await readFile(source);
const dataUrl = `data:image/svg+xml;base64,${svg.toString('base64')}`;
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of icons) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    await tab.setContent(page(dataUrl, icon));
    await tab.locator('img').evaluate((img) => img.decode());
    await tab.screenshot({ path: path.join(outDir, icon.file), omitBackground: !icon.fullBleed, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await context.close();
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
