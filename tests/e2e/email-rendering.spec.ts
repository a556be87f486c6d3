// The confirmation email as a phone's mail program shows it: a real
// registration on the file's own PocketBase, delivered to a real SMTP server,
// parsed by mailparser; the QR code resolved from the message the way a mail
// program does (only an image of the HTML's own multipart/related part, by its
// Content-ID) and the HTML rendered in Chromium. At 390 px nothing is wider
// than the window, the QR code loads and reads back to the ticket, and every
// web address on the page is a link that can be clicked; every action is a
// button at least 44 px tall with its own address written under it, and the
// ticket code shows in groups of four. Screenshots at 390 and 1280 px are
// kept with the test's results.
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { DESKTOP, PHONE } from '../support/browser';
import { masterclassEvent, UPCOMING_EVENT_TIMES } from '../support/masterclassEvent';
import { LIMITS_RAISED, startTestServer, type TestServer } from '../support/pocketbase';
import { readQrFromPng } from '../support/qr';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { lookAt } from './support/lookAt';

let smtp: TestSmtpServer;
let server: TestServer;
/** The confirmation's HTML with its inline image in place, and the payload its QR code must carry. */
let shown: { html: string; payload: string; code: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  server = await startTestServer({
    env: {
      ...LIMITS_RAISED, APP_URL: 'https://masterclass.example.com', STRIPE_SECRET_KEY: '',
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_USER: '', SMTP_PASSWORD: '', SMTP_TLS: '',
    },
  });
  const su = await server.admin();
  const event = await masterclassEvent(su);
  await su.collection('events').update(event.id, { sales_state: 'open', ...UPCOMING_EVENT_TIMES });
  const promo = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await su.collection('promo_codes').update(promo.id, { expires_at: new Date(Date.now() + 86_400_000).toISOString().replace('T', ' '), max_uses: 1000 });

  const email = `narrow-screen-${Date.now()}@example.com`;
  const registered = await fetch(`${server.url}/api/masterclass/registrations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      mode: 'promo', promoCode: 'CHAMPION2025', privacyConsent: true, marketingConsent: false,
      attendees: [{
        fullName: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff', email, company: 'Analytical Engines', jobTitle: 'Head of Data',
        phoneNumber: '+61 400 000 000', role: 'Senior Manager', dietaryRequirements: '',
      }],
    }),
  });
  expect(registered.status).toBe(201);
  const [received] = await smtp.waitFor((mail) => mail.to.includes(email) && mail.attachments.some((file) => file.filename.endsWith('.ics')));
  const mail = await simpleParser(received.raw, { keepCidLinks: true });
  // as a mail program does: the HTML's images are the parts of its multipart/related, found by Content-ID
  let html = String(mail.html);
  for (const image of mail.attachments.filter((attachment) => attachment.related && attachment.cid)) {
    html = html.split(`cid:${image.cid}`).join(`data:${image.contentType};base64,${image.content.toString('base64')}`);
  }
  const [attendee] = await su.collection('attendees').getFullList({ filter: su.filter('email = {:email}', { email }) });
  shown = { html, payload: `AICM1:${attendee.event}:${attendee.ticket_code}`, code: attendee.ticket_code };
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), smtp?.stop()]);
});

async function showEmail(page: Page) {
  await page.setContent(shown.html, { waitUntil: 'load' });
}

test('at 390 px the confirmation fits the window, its QR code loads and reads back, and every address is a link', async ({ page }, testInfo) => {
  test.setTimeout(90_000); // eight links, each checked where it is drawn, on a machine shared with other runs
  await page.setViewportSize(PHONE);
  await showEmail(page);
  await lookAt(page, { path: testInfo.outputPath('confirmation-390.png'), fullPage: true });

  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(width.scroll).toBeLessThanOrEqual(PHONE.width);
  expect(width.body).toBeLessThanOrEqual(PHONE.width);

  const qr = page.getByRole('img', { name: /QR code of your ticket/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(readQrFromPng(await qr.screenshot())).toBe(shown.payload);

  // every web address in the text sits in a link to itself
  const unlinked = await page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/https?:\/\/|www\./.test(text) && !node.parentElement?.closest('a[href]')) found.push(text.trim());
    }
    return found;
  });
  expect(unlinked).toEqual([]);
  const links = page.locator('a[href^="http"]');
  expect(await links.count()).toBeGreaterThanOrEqual(4); // the portal, the calendar (button and its fallback), the cancel link
  for (const link of await links.all()) {
    const [href, text] = [await link.getAttribute('href'), (await link.innerText()).trim()];
    if (/^https?:\/\//.test(text)) expect(href).toBe(text);
    // clickable: inside the window, and the topmost element where it is drawn
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const hit = await link.evaluate((anchor) => {
      const rect = anchor.getClientRects()[0];
      const top = document.elementFromPoint(rect.left + Math.min(4, rect.width / 2), rect.top + rect.height / 2);
      return !!top && (top === anchor || anchor.contains(top));
    });
    expect(hit, `${text} can be clicked`).toBe(true);
  }
  // every action is a button, big enough to tap, with its address written under it
  const buttons = page.locator('td[bgcolor] > a');
  expect(await buttons.allInnerTexts()).toEqual(['Add to Calendar', 'Open Your Ticket', 'View Your Order', 'Cancel My Registration']);
  for (const button of await buttons.all()) {
    const href = await button.getAttribute('href');
    await expect(button.locator('xpath=ancestor::table[1]/following-sibling::p[1]//a')).toHaveText(href!);
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  // the ticket code as the ticket page shows it
  await expect(page.getByText(shown.code.replace(/(.{4})(?=.)/g, '$1 '), { exact: true })).toBeVisible();
  const cancel = page.locator('a[href*="/cancel?"]').first();
  await expect(cancel).toBeVisible();
  await expect(page.locator('a[href="https://masterclass.example.com/dashboard/ticket"]').first()).toBeVisible();
});

test('at 1280 px the confirmation keeps its 600 px column and its QR code', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await showEmail(page);
  await lookAt(page, { path: testInfo.outputPath('confirmation-1280.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  const column = await page.locator('table table').first().boundingBox();
  expect(column!.width).toBeLessThanOrEqual(600);
  expect(column!.width).toBeGreaterThan(560);
  expect(readQrFromPng(await page.getByRole('img', { name: /QR code of your ticket/ }).screenshot())).toBe(shown.payload);
});
