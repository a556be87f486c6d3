// Landing page (spec section 2 "Landing page", sections 1 and 9): sections and
// texts in order, links, the speaker dialog, card enlargement above 768 px,
// the account buttons per session, event facts in the event's own time zone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { DESKTOP, PHONE } from '../support/browser';
import { EVENT_SLUG, masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { LIMITS_RAISED, startTestServer, type TestServer } from '../support/pocketbase';
import { lookAt } from './support/lookAt';
import { createPortalUser, signInAs, type PortalRole } from './portal-helpers';
import { APP_START_TIMEOUT } from './support/appStart';
import { rewriteJson, showSalesOpen } from './support/routes';

const SOLD_OUT = 'Event Sold Out – Registration Now Closed';
// The one date format (src/lib/eventWhen.ts): weekday, day, month, year, then the time.
const WELCOME = 'We look forward to welcoming registered attendees in Adelaide on Wednesday 18 June 2025, 11:30 am ACST.';
const EXPERIENCES = [
  'AI Readiness Self-Assessment',
  'AI Opportunity Mapping',
  'Build a Business Case for AI',
  'Live Demos & Agent Trials',
  'Upskilling & Strategy Support',
];
const AUDIENCES = ['Business Leaders', 'Mid-Senior Managers', 'IT Professionals', 'Transformation & Strategy Professionals'];
// The public summary the landing page reads again once idle (the server put the same into the page).
const EVENT_API = '**/api/masterclass/event';
/**
 * These journeys check the spec's texts, which belong to an upcoming, sold-out
 * event (DESIGN decision 17); the seeded masterclass (18 June 2025, 11:30 am
 * ACST) has taken place, so each page's clock is set a fortnight before it.
 * tests/e2e/event-phases.spec.ts covers the other phases.
 */
const BEFORE_EVENT = new Date('2025-06-04T10:00:00+09:30');
const SPEAKERS_API = '**/api/collections/speakers/records*';

/**
 * `/` as the build wrote it, without the masterclass the server puts into it (as the service
 * worker's stored copy of the app is): the page reads the event itself.
 */
async function servePageAsBuilt(page: Page) {
  const publicDir = process.env.E2E_PUBLIC_DIR;
  if (!publicDir) throw new Error('E2E_PUBLIC_DIR is missing: run through playwright test');
  await page.route((url) => url.pathname === '/', (route) => route.fulfill({ path: `${publicDir}/index.html`, contentType: 'text/html; charset=utf-8' }));
}

async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByText('Limited to 50 participants', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(BEFORE_EVENT);
});

const transformOf = (page: Page, name: string) =>
  page.getByRole('article', { name }).evaluate((card) => getComputedStyle(card).transform);

test.describe('content', () => {
  test.use({ viewport: DESKTOP });

  test('shows the seven sections in the spec order, then the footer', async ({ page }) => {
    await openLanding(page);
    const headings = await page.locator('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'Why This Masterclass Matters',
      "What You'll Experience",
      'Who Should Attend',
      'Meet Your Speakers',
      'Event Details',
      'Ready to Lead the AI Revolution?',
    ]);
    const firstHeading = page.locator('main h1, main h2').first();
    await expect(firstHeading).toHaveText('AI CHAMPIONS MASTERCLASS');
    const closing = await page.getByRole('heading', { name: 'Ready to Lead the AI Revolution?' }).boundingBox();
    const footer = await page.getByRole('contentinfo').boundingBox();
    expect(footer!.y).toBeGreaterThan(closing!.y);
  });

  test('hero: title, tagline, sold-out notice, welcome and the waitlist for that date', async ({ page }) => {
    await openLanding(page);
    const hero = page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('AI CHAMPIONS MASTERCLASS');
    await expect(hero.getByText('Lead the AI Revolution—Not Just Survive It', { exact: true })).toBeVisible();
    await expect(hero.getByText(/hands-on, in-person masterclass in Adelaide/)).toBeVisible();
    await expect(hero.getByText(SOLD_OUT, { exact: true })).toBeVisible();
    await expect(hero.getByText(WELCOME, { exact: true })).toBeVisible();
    await expect(hero.getByText('Every place is taken. Join the waitlist: if a seat frees up, it is offered to you first by email, for a limited time.')).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Join the waitlist for 18 June' })).toHaveAttribute('href', `/register?event=${EVENT_SLUG}&waitlist=true`);
    await expect(hero.getByRole('link', { name: 'Register for Future Events' })).toHaveCount(0);
    await expect(hero.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });

  test('why, experience and audience sections say what the spec says', async ({ page }) => {
    await openLanding(page);
    const why = page.getByRole('region', { name: 'Why This Masterclass Matters' });
    await expect(why.getByText('80%', { exact: true })).toBeVisible();
    await expect(why.getByText('of AI projects fail because businesses are not ready.')).toBeVisible();
    for (const outcome of ['A 30-day action plan', 'Live agent tools', 'A pitch-ready business case', 'Post-event access to real AI agents']) {
      await expect(why.getByText(outcome, { exact: true })).toBeVisible();
    }

    const experience = page.getByRole('region', { name: "What You'll Experience" });
    await expect(experience.getByRole('article')).toHaveCount(5);
    expect(await experience.getByRole('article').getByRole('heading').allTextContents()).toEqual(EXPERIENCES);
    for (const card of await experience.getByRole('article').all()) {
      await expect(card.locator('svg').first()).toBeVisible();
      await expect(card.locator('p')).not.toBeEmpty();
    }

    const audience = page.getByRole('region', { name: 'Who Should Attend' });
    expect(await audience.getByRole('article').getByRole('heading').allTextContents()).toEqual(AUDIENCES);
  });

  test('speakers come from the speakers collection, with their images and a banner', async ({ page }) => {
    await openLanding(page);
    const section = page.getByRole('region', { name: 'Meet Your Speakers' });
    const cards = section.getByRole('button');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Dr Amelia Hart');
    await expect(cards.nth(0)).toContainText('Chief Technology Officer');
    await expect(cards.nth(1)).toContainText('Marcus Nguyen');
    await expect(cards.nth(1)).toContainText('VP Of Sales');
    await section.scrollIntoViewIfNeeded();
    const images = section.locator('img');
    await expect(images).toHaveCount(5);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test('event details come from the event record', async ({ page }) => {
    await openLanding(page);
    const details = page.getByRole('region', { name: 'Event Details' });
    for (const fact of [
      'Wednesday 18 June 2025',
      '11:30 am – 2:30 pm ACST',
      'Adelaide time',
      'Adelaide, South Australia',
      'Lot Fourteen, North Terrace, Adelaide SA 5000',
      '3 hours',
      'Limited to 50 participants',
      'Southern Cross AI & Torrens Digital Partners',
    ]) {
      await expect(details.getByText(fact, { exact: true })).toBeVisible();
    }
  });

  test('the closing call to action repeats the notice and the waitlist link', async ({ page }) => {
    await openLanding(page);
    const closing = page.getByRole('region', { name: 'Ready to Lead the AI Revolution?' });
    await expect(closing.getByText(SOLD_OUT, { exact: true })).toBeVisible();
    await expect(closing.getByRole('link', { name: 'Join the waitlist for 18 June' })).toHaveAttribute('href', `/register?event=${EVENT_SLUG}&waitlist=true`);
    await closing.getByRole('link', { name: 'Join the waitlist for 18 June' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('event') === EVENT_SLUG && url.searchParams.get('waitlist') === 'true');
  });

  test('footer: the current year and router links to the public pages', async ({ page }) => {
    await openLanding(page);
    const footer = page.getByRole('contentinfo');
    // The page's own current year (its clock is set; see BEFORE_EVENT).
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(footer.getByText(`© ${year} AI Champions Masterclass. All rights reserved.`)).toBeVisible();
    const links = { 'Privacy Policy': '/privacy-policy', 'Terms of Service': '/terms', 'Contact Us': '/contact' };
    for (const [name, href] of Object.entries(links)) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the hero image fades in over 500 ms once loaded', async ({ page }) => {
    await page.goto('/');
    const art = page.locator('img[src="/images/hero-network.svg"]');
    await expect(art).toHaveAttribute('data-loaded', 'true');
    expect(await art.evaluate((img) => getComputedStyle(img).transitionDuration)).toBe('0.5s');
    await expect.poll(() => art.evaluate((img) => getComputedStyle(img).opacity)).toBe('1');
  });
});

test.describe('speaker dialog', () => {
  test.use({ viewport: DESKTOP });

  test('opens with the bio and website, closes with the close button', async ({ page }) => {
    await openLanding(page);
    await page.getByRole('button', { name: /Dr Amelia Hart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Dr Amelia Hart' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Chief Technology Officer')).toBeVisible();
    await expect(dialog.getByText('A passionate expert in their field with years of industry experience.')).toBeVisible();
    const website = dialog.getByRole('link', { name: 'Visit Website' });
    await expect(website).toHaveAttribute('href', 'https://southerncrossai.example.com');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', /noopener/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('opens from the keyboard and is dismissed with Escape or a click outside', async ({ page }) => {
    await openLanding(page);
    const card = page.getByRole('button', { name: /Marcus Nguyen/ });
    await card.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Marcus Nguyen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card.click();
    await expect(page.getByRole('dialog', { name: 'Marcus Nguyen' })).toBeVisible();
    await page.mouse.click(10, 10);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('has no website button when the speaker has no website', async ({ page }) => {
    await rewriteJson(page, SPEAKERS_API, (body) => ({
      ...body,
      items: (body.items as Record<string, unknown>[]).map((speaker) => ({ ...speaker, website: '' })),
    }));
    await openLanding(page);
    await page.getByRole('button', { name: /Dr Amelia Hart/ }).click();
    await expect(page.getByRole('dialog', { name: 'Dr Amelia Hart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visit Website' })).toHaveCount(0);
  });
});

test.describe('card enlargement', () => {
  test('at 1280 px hovering enlarges experience cards by 1.3 and audience cards by 1.1', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openLanding(page);
    expect(await transformOf(page, 'AI Opportunity Mapping')).toBe('none');
    await page.getByRole('article', { name: 'AI Opportunity Mapping' }).hover();
    await expect.poll(() => transformOf(page, 'AI Opportunity Mapping')).toBe('matrix(1.3, 0, 0, 1.3, 0, 0)');
    await page.getByRole('article', { name: 'IT Professionals' }).hover();
    await expect.poll(() => transformOf(page, 'IT Professionals')).toBe('matrix(1.1, 0, 0, 1.1, 0, 0)');
    await expect.poll(() => transformOf(page, 'AI Opportunity Mapping')).toBe('none');
  });

  test('at 390 px hovering does not enlarge and the cards stack in one column', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openLanding(page);
    for (const name of ['AI Opportunity Mapping', 'IT Professionals']) {
      await page.getByRole('article', { name }).hover();
      await page.waitForTimeout(300);
      expect(await transformOf(page, name)).toBe('none');
    }
    const lefts = await page.getByRole('article').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
  });
});

test.describe('phone layout', () => {
  test.use({ viewport: PHONE });

  test('has no horizontal scroll and the header buttons fit', async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole('button', { name: /Marcus Nguyen/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const signIn = await page.getByRole('link', { name: 'Sign In' }).boundingBox();
    expect(signIn!.x + signIn!.width).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe('account buttons', () => {
  test.use({ viewport: DESKTOP });

  /** The page starts signed in as a new user of `role`; answers the clean-up. */
  async function signedInAs(page: Page, role: PortalRole): Promise<() => Promise<void>> {
    const user = await createPortalUser(role, { full_name: 'Landing Tester' });
    await signInAs(page, user);
    return user.remove;
  }

  test('signed out: Sign In to /auth only', async ({ page }) => {
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Account' });
    await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link')).toHaveCount(1);
  });

  test('signed-in attendee: Go to Dashboard, no Admin', async ({ page }) => {
    const cleanUp = await signedInAs(page, 'attendee');
    try {
      await openLanding(page);
      const nav = page.getByRole('navigation', { name: 'Account' });
      await expect(nav.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
      await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
      await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    } finally {
      await cleanUp();
    }
  });

  test('signed-in administrator: Go to Dashboard and Admin', async ({ page }) => {
    const cleanUp = await signedInAs(page, 'administrator');
    try {
      await openLanding(page);
      const nav = page.getByRole('navigation', { name: 'Account' });
      await expect(nav.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
      await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
      await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    } finally {
      await cleanUp();
    }
  });
});

test.describe('in a browser on New York time', () => {
  test.use({ viewport: DESKTOP, timezoneId: 'America/New_York' });

  test('the facts stay in Adelaide time', async ({ page }) => {
    await openLanding(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');
    await expect(page.getByText(WELCOME, { exact: true })).toBeVisible();
    const details = page.getByRole('region', { name: 'Event Details' });
    await expect(details.getByText('Wednesday 18 June 2025', { exact: true })).toBeVisible();
    await expect(details.getByText('11:30 am – 2:30 pm ACST', { exact: true })).toBeVisible();
  });
});

test.describe('sales state and failures', () => {
  test.use({ viewport: DESKTOP });

  test('while sales are open: no notice, a Register Now button to /register with the price and the seats left beside it', async ({ page }) => {
    // The shared seed stays sold out for parallel journeys; this page alone sees it open, with 7 seats left.
    await showSalesOpen(page, 7);
    await openLanding(page);
    const hero = page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
    await expect(page.getByText(SOLD_OUT)).toHaveCount(0);
    const registerNow = page.getByRole('link', { name: 'Register Now' });
    await expect(registerNow).toHaveCount(2);
    // Both name the masterclass shown, so a visitor lands on it even if the featured one changes before the click.
    await expect(registerNow.first()).toHaveAttribute('href', `/register?event=${EVENT_SLUG}`);
    await expect(registerNow.last()).toHaveAttribute('href', `/register?event=${EVENT_SLUG}`);
    // one way in while on sale: no waitlist button beside Register Now
    await expect(page.getByRole('link', { name: 'Register for Future Events' })).toHaveCount(0);
    await expect(page.getByText('Places are limited to 50 participants. Secure yours today.')).toBeVisible();
    // The price from the event's settings and the seats left, beside the hero's Register Now.
    await expect(hero.getByTestId('hero-offer')).toHaveText('$495 per personOnly 7 seats left');
    const button = await registerNow.first().boundingBox();
    const offer = await hero.getByTestId('hero-offer').boundingBox();
    expect(offer!.x).toBeGreaterThan(button!.x + button!.width);
    expect(Math.abs(offer!.y + offer!.height / 2 - (button!.y + button!.height / 2))).toBeLessThan(button!.height);
  });

  test('a page without the server\'s masterclass (the stored app offline) never shows a kept seat count as current', async ({ page }) => {
    await servePageAsBuilt(page);
    await showSalesOpen(page, 7);
    await openLanding(page);
    const offer = page.getByTestId('hero-offer');
    await expect(offer).toHaveText('$495 per personOnly 7 seats left');
    // With no connection to the server, the page reads the copy kept on the device: the price stays, the count is not claimed.
    await page.unroute(EVENT_API);
    await page.route(EVENT_API, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(offer).toHaveText('$495 per personSeats left: connect to the internet to check', { timeout: APP_START_TIMEOUT });
  });

  test('shows skeletons while loading, then the facts', async ({ page }) => {
    // The stored copy of the page (no masterclass from the server) while the event read is slow:
    // the hero and Event Details show placeholders, never a made-up or empty fact.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await servePageAsBuilt(page);
    await page.route(EVENT_API, async (route) => {
      await held;
      await route.continue();
    });
    // The prerendered Event Details section, remembered before any of the app's scripts run.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as Record<string, Element | null>).prerenderedDetails = document.getElementById('event-details');
      });
    });
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });
    const details = page.getByRole('region', { name: 'Event Details' });
    await expect(hero.getByRole('status', { name: 'Loading event details' })).toBeVisible();
    await expect(details.locator('[aria-busy="true"]').first()).toBeAttached();
    await expect(details.getByText('Wednesday 18 June 2025')).toHaveCount(0);
    // Journeys ask for reduced motion, as some phones do: the placeholders and the hero's art hold still
    // (a shimmer or fade would also keep the phone drawing frames while the facts load).
    expect(await page.evaluate(() => document.getAnimations().map((animation) => (animation as CSSAnimation).animationName ?? 'transition'))).toEqual([]);
    // A visitor scrolls down while the app starts (the section hydrates as it nears the viewport).
    await details.scrollIntoViewIfNeeded();
    release();
    await expect(details.getByText('Wednesday 18 June 2025', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(details.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(hero.getByText(WELCOME, { exact: true })).toBeVisible();
    await expect(hero.getByRole('status', { name: 'Loading event details' })).toHaveCount(0);
    // The facts replaced the placeholders in place: the page's sections were never dropped and drawn
    // again while the app started or the data arrived (they would vanish and come back).
    expect(await page.evaluate(() => (window as unknown as Record<string, Element | null>).prerenderedDetails === document.getElementById('event-details'))).toBe(true);
  });

  test('when the event and speakers cannot be read the page says so once and makes up no facts', async ({ page }) => {
    await servePageAsBuilt(page);
    await page.route(EVENT_API, (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.route(SPEAKERS_API, (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.goto('/');
    // Shown once the app has started and both reads failed: one message, in the hero.
    const failure = page.getByText("We couldn't load the masterclass details. Please check your connection and try again.", { exact: true });
    await expect(failure).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(failure).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // No date, time, phase or seats of the page's own making, and no second message.
    await expect(page.getByText('Wednesday 18 June 2025')).toHaveCount(0);
    await expect(page.getByText(/Taken Place|participants/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Event Details' })).toHaveCount(0);
    await expect(page.getByText('Speaker profiles are not available right now. Please check back soon.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Who Should Attend' })).toBeVisible();
  });
});

/**
 * The first screen of a phone and of a laptop, served by a server of this block's own
 * (the page as the server sends it, with its masterclass filled in, then the app): the
 * masterclass of 18 June 2031 with its venue, price and seats, in each sales state, and
 * speakers with a long bio and a short one. Screenshots: /tmp/shots/landing/.
 */
test.describe('the first screen says when, where and how much, with one way in', () => {
  const WHEN_2031 = 'Wednesday 18 June 2031, 11:30 am – 2:30 pm ACST';
  const VENUE = 'Lot Fourteen, North Terrace, Adelaide SA 5000';
  const LONG_BIO = [
    'Amelia leads AI strategy at Southern Cross AI, where her teams put language models to work in hospitals, banks and city councils.',
    'Before that she spent ten years building data platforms in Sydney, Singapore and Zürich, and she still writes code every week.',
    '',
    'She advises the boards of two South Australian scale-ups on AI risk and teaches the executive programme at the University of Adelaide.',
  ].join('\n');
  const SHORT_BIO = 'مرحبا! Zoë builds AI agents for small businesses 🚀';
  // Two widths, each with an axe scan, on a busy runner.
  test.describe.configure({ timeout: 120_000 });
  let server: TestServer;
  let admin: PocketBase;
  let eventId: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startTestServer({ publicDir: process.env.E2E_PUBLIC_DIR, env: LIMITS_RAISED });
    admin = await server.admin();
    const event = await masterclassEvent(admin);
    eventId = event.id;
    await admin.collection('events').update(eventId, { ...UPCOMING_EVENT_TIMES, venue: VENUE });
    const speakers = await admin.collection('speakers').getFullList({ filter: admin.filter('event = {:id}', { id: eventId }), sort: 'sort' });
    await admin.collection('speakers').update(speakers[0]!.id, { bio: LONG_BIO });
    await admin.collection('speakers').update(speakers[1]!.id, { name: 'Zoë 𠮷田', bio: SHORT_BIO });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const heroOf = (page: Page) => page.getByRole('region', { name: 'AI CHAMPIONS MASTERCLASS' });

  /** The page of the masterclass in `salesState` (sales opening at `salesOpenAt` when given), at `viewport`. */
  async function openAt(page: Page, viewport: { width: number; height: number }, salesState: string, salesOpenAt = '') {
    await admin.collection('events').update(eventId, { sales_state: salesState, sales_open_at: salesOpenAt });
    await page.setViewportSize(viewport);
    await page.goto(`${server.url}/`);
    await expect(heroOf(page).getByTestId('primary-action')).toBeVisible({ timeout: APP_START_TIMEOUT });
  }

  /** Each text is shown whole inside the first screen (the page not scrolled). */
  async function expectOnFirstScreen(page: Page, texts: Record<string, Locator>) {
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const viewport = page.viewportSize()!;
    for (const [name, locator] of Object.entries(texts)) {
      await expect(locator, name).toBeVisible();
      const box = (await locator.boundingBox())!;
      expect(box.y, `${name} starts on the first screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${name} ends on the first screen (${viewport.width} px)`).toBeLessThanOrEqual(viewport.height);
    }
  }

  /** The hero's buttons (links and buttons drawn as buttons): exactly one, saying `action`. */
  async function expectOnePrimary(page: Page, action: string) {
    const buttons = heroOf(page).locator('.mantine-Button-root');
    await expect(buttons).toHaveCount(1);
    await expect(buttons).toHaveText(action);
  }

  async function expectAxeClean(page: Page) {
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="hero-title"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }

  const facts = (page: Page) => ({
    'the date and time range': heroOf(page).getByText(WHEN_2031, { exact: true }),
    'the venue': heroOf(page).getByText(VENUE, { exact: true }),
  });

  test('on sale: date, time range, venue, price and seats left on the first screen, and Register Now alone', async ({ page, browser }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await openAt(page, viewport, 'open');
      const hero = heroOf(page);
      await expectOnFirstScreen(page, {
        ...facts(page),
        'the price': hero.getByText('$495', { exact: true }),
        'the seats left': hero.getByText('50 seats left', { exact: true }),
        'Register Now': hero.getByRole('link', { name: 'Register Now' }),
      });
      await expectOnePrimary(page, 'Register Now');
      await expect(page.getByRole('link', { name: 'Register for Future Events' })).toHaveCount(0);
      await expectAxeClean(page);
      await lookAt(page, { path: `/tmp/shots/landing/hero-on-sale-${viewport.width}.png` });
    }
    // The page as the server sends it says the same before any script runs.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const bare = await noScript.newPage();
      await bare.goto(`${server.url}/`);
      await expectOnFirstScreen(bare, {
        ...facts(bare),
        'the price': heroOf(bare).getByText('$495', { exact: true }),
        'the seats left': heroOf(bare).getByText('50 seats left', { exact: true }),
      });
      await expectOnePrimary(bare, 'Register Now');
    } finally {
      await noScript.close();
    }
  });

  test('sold out: the facts and the waitlist alone', async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await openAt(page, viewport, 'sold_out');
      await expectOnFirstScreen(page, { ...facts(page), 'the notice': heroOf(page).getByText(SOLD_OUT, { exact: true }), 'the waitlist': heroOf(page).getByTestId('primary-action') });
      await expectOnePrimary(page, 'Join the waitlist for 18 June');
      await expectAxeClean(page);
      await lookAt(page, { path: `/tmp/shots/landing/hero-sold-out-${viewport.width}.png` });
    }
  });

  test('scheduled: the facts, the price and Tell Me When Sales Open alone', async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      // Sales open on Monday 7 January 2030 at 9:00 am in Adelaide (daylight time).
      await openAt(page, viewport, 'open', '2030-01-06 22:30:00.000Z');
      const hero = heroOf(page);
      await expectOnFirstScreen(page, {
        ...facts(page),
        'when sales open': hero.getByText('Sales open on Monday 7 January at 9:00 am', { exact: true }),
        'the price': hero.getByText('$495 per person', { exact: true }),
        'the button': hero.getByTestId('primary-action'),
      });
      await expectOnePrimary(page, 'Tell Me When Sales Open');
      await expectAxeClean(page);
      await lookAt(page, { path: `/tmp/shots/landing/hero-scheduled-${viewport.width}.png` });
    }
  });

  test('closed: the facts and Register for Future Events alone', async ({ page }) => {
    for (const viewport of [PHONE, DESKTOP]) {
      await openAt(page, viewport, 'closed');
      await expectOnFirstScreen(page, { ...facts(page), 'the notice': heroOf(page).getByText('Registration Is Closed', { exact: true }), 'the button': heroOf(page).getByTestId('primary-action') });
      await expectOnePrimary(page, 'Register for Future Events');
      await expectAxeClean(page);
      await lookAt(page, { path: `/tmp/shots/landing/hero-closed-${viewport.width}.png` });
    }
  });

  test("the speaker dialog says the speaker's whole bio; a card offers it only when it says more", async ({ page }) => {
    const [long, short] = await admin.collection('speakers').getFullList({ filter: admin.filter('event = {:id}', { id: eventId }), sort: 'sort' });
    expect(long!.bio).toBe(LONG_BIO);
    for (const viewport of [PHONE, DESKTOP]) {
      await openAt(page, viewport, 'open');
      const section = page.getByRole('region', { name: 'Meet Your Speakers' });
      const amelia = section.getByRole('button', { name: /Dr Amelia Hart/ });
      // The app draws the cards as their section nears the screen.
      await section.scrollIntoViewIfNeeded();
      await amelia.scrollIntoViewIfNeeded();
      // The card shows the bio's opening and offers the rest.
      await expect(amelia).toContainText(LONG_BIO.split('\n')[0]!);
      await expect(amelia).not.toContainText('ten years');
      await expect(amelia).toContainText('Read full bio');
      await amelia.click();
      const dialog = page.getByRole('dialog', { name: 'Dr Amelia Hart' });
      await expect(dialog).toBeVisible();
      expect(await dialog.getByTestId('speaker-bio').innerText()).toBe(long!.bio);
      await expectAxeCleanDialog(page);
      await lookAt(page, { path: `/tmp/shots/landing/speaker-dialog-${viewport.width}.png` });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A bio the card shows whole: nothing more is offered, and the dialog says the same.
      const zoe = section.getByRole('button', { name: /Zoë 𠮷田/ });
      await expect(zoe).toContainText(SHORT_BIO);
      await expect(zoe).not.toContainText('Read full bio');
      await zoe.click();
      const zoeDialog = page.getByRole('dialog', { name: 'Zoë 𠮷田' });
      expect(await zoeDialog.getByTestId('speaker-bio').innerText()).toBe(short!.bio);
      await zoeDialog.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await lookAt(section, { path: `/tmp/shots/landing/speaker-cards-${viewport.width}.png` });
    }
  });

  async function expectAxeCleanDialog(page: Page) {
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }
});
