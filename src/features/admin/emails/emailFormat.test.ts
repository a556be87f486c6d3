// How the outbox names each kind of email, and how the preview puts in the
// images a message carries inside it (a ticket's QR code): from the server's
// data: URLs, or a grey placeholder, never a broken `cid:` reference.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindWords } from './emailFormat';
import { MISSING_IMAGE, withImages } from './emailsApi';

describe('kindWords', () => {
  it('names every kind the server writes in words', () => {
    expect(kindWords('registration_confirmation')).toBe('Registration confirmation');
    expect(kindWords('user_account_invite')).toBe('Account invitation');
    expect(kindWords('waitlist_offer')).toBe('Waitlist seat offer');
    expect(kindWords('pocketbase')).toBe('Account email (password reset, verification or code)');
  });

  it('names each alert to administrators the health job sends (pb_hooks/lib/email/alerts.js)', () => {
    const source = readFileSync(path.resolve(__dirname, '../../../../pb_hooks/lib/email/alerts.js'), 'utf8');
    const kinds = JSON.parse(/const ALERT_KINDS = (\[[^\]]*\])/.exec(source)![1]!) as string[];
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kindWords(`admin_alert_${kind}`), kind).toMatch(/^Alert to administrators: /);
  });

  it('turns a kind it does not know into a sentence, never the raw name', () => {
    expect(kindWords('tax_invoice')).toBe('Tax invoice');
    expect(kindWords('')).toBe('Other');
  });
});

describe('withImages', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';

  it('shows each cid: image from its data: URL', () => {
    expect(withImages('<img src="cid:masterclass-ticket.png" alt="QR">', { 'masterclass-ticket.png': png })).toBe(`<img src="${png}" alt="QR">`);
    expect(withImages("<img alt='QR' src='cid:a.png'>", { 'a.png': png })).toBe(`<img alt='QR' src='${png}'>`);
  });

  it('shows a placeholder for an image the server has no picture of, or one that is not an image URL', () => {
    expect(withImages('<img src="cid:gone.png">', {})).toBe(`<img src="${MISSING_IMAGE}">`);
    expect(withImages('<img src="cid:a.png">', { 'a.png': 'javascript:alert(1)' })).toBe(`<img src="${MISSING_IMAGE}">`);
    expect(MISSING_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
  });

  it('leaves other images and text alone', () => {
    const html = '<img src="https://example.com/logo.png"><p>cid:not-an-image</p>';
    expect(withImages(html, {})).toBe(html);
  });
});
