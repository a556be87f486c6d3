// Renders the app icons from one source image, public/icon.svg, with the
// system Chromium (the one the browser tests use), so no image library is
// needed. Run after changing the source and commit the PNGs it writes:
//   node scripts/generate-icons.mjs
// Writes to public/icons/:
//   icon-192.png, icon-512.png  the source as drawn (rounded, transparent corners)
//   maskable-512.png            full-bleed background, artwork inside the 80 % safe zone
//   apple-touch-icon.png        180 px, full-bleed (iOS rounds the corners itself)
// and to public/splash/ the iOS launch screens (apple-touch-startup-image, one per
// iPhone screen size, portrait: the icon centred on the theme's navy), linked from
// index.html. iOS reads them when the app is added to the Home Screen, so the
// service worker does not precache them.
// Also public/social/og-card.png (1200×630): the preview a shared link shows
// (Open Graph and Twitter card tags in index.html), the icon and the hero's
// words on the hero art; not precached either.
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

// iPhone screens in CSS pixels and their device pixel ratio (portrait).
export const splashScreens = [
  { width: 375, height: 667, ratio: 2 },
  { width: 390, height: 844, ratio: 3 },
  { width: 393, height: 852, ratio: 3 },
  { width: 402, height: 874, ratio: 3 },
  { width: 430, height: 932, ratio: 3 },
  { width: 440, height: 956, ratio: 3 },
];

function splashPage(svgDataUrl, { width, height }) {
  const icon = Math.round(width * 0.4);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; padding: 0; width: ${width}px; height: ${height}px; background: ${BACKGROUND}; }
    img { position: absolute; left: ${Math.round((width - icon) / 2)}px; top: ${Math.round((height - icon) / 2)}px; width: ${icon}px; height: ${icon}px; }
  </style></head><body><img src="${svgDataUrl}" alt=""></body></html>`;
}

const SOCIAL_CARD = { width: 1200, height: 630 };

function socialCardPage(iconDataUrl, artDataUrl) {
  return `<!doctype html><html><head><style>
    html, body { margin: 0; padding: 0; width: ${SOCIAL_CARD.width}px; height: ${SOCIAL_CARD.height}px; background: ${BACKGROUND}; overflow: hidden;
      font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; color: #fff; }
    .art { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; opacity: 0.9; }
    .text { position: absolute; left: 80px; top: 150px; width: 760px; }
    .icon { width: 96px; height: 96px; }
    h1 { font-size: 64px; line-height: 1.05; margin: 28px 0 20px; letter-spacing: 1px; }
    p { font-size: 32px; margin: 0; color: #ffd27a; }
    .place { margin-top: 22px; font-size: 26px; color: #dfe6ff; }
  </style></head><body><img class="art" src="${artDataUrl}" alt=""><div class="text"><img class="icon" src="${iconDataUrl}" alt="">
    <h1>AI CHAMPIONS MASTERCLASS</h1><p>Lead the AI Revolution—Not Just Survive It</p><p class="place">An AI leadership masterclass in Adelaide</p></div></body></html>`;
}

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
  const splashDir = path.join(root, 'public/splash');
  await mkdir(splashDir, { recursive: true });
  for (const screen of splashScreens) {
    const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height }, deviceScaleFactor: screen.ratio });
    const tab = await context.newPage();
    await tab.setContent(splashPage(dataUrl, screen));
    await tab.locator('img').evaluate((img) => img.decode());
    const file = `splash-${screen.width * screen.ratio}x${screen.height * screen.ratio}.png`;
    await tab.screenshot({ path: path.join(splashDir, file) });
    await context.close();
    console.log(`public/splash/${file}`);
  }
  const art = await readFile(path.join(root, 'public/images/hero-network.svg'));
  const socialDir = path.join(root, 'public/social');
  await mkdir(socialDir, { recursive: true });
  const context = await browser.newContext({ viewport: SOCIAL_CARD, deviceScaleFactor: 1 });
  const tab = await context.newPage();
  await tab.setContent(socialCardPage(dataUrl, `data:image/svg+xml;base64,${art.toString('base64')}`));
  await Promise.all((await tab.locator('img').all()).map((img) => img.evaluate((element) => element.decode())));
  await tab.screenshot({ path: path.join(socialDir, 'og-card.png') });
  await context.close();
  console.log('public/social/og-card.png');
} finally {
  await browser.close();
}
