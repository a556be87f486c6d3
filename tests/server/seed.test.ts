// The seed migrations: the event exactly as the spec states it, the promo
// code, two speakers with portraits, four downloadable PDF materials and the
// use case library, read back through the API as the roles that use them.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { EVENT_TITLE, masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, seatAt, serverForFile, type TestUser } from './helpers';

const USE_CASE_TEXT_FIELDS = [
  'title', 'description', 'industry', 'domain', 'business_function', 'ai_technique', 'value_proposition', 'adoption_level',
  'problem_statement', 'solution_summary', 'challenges_risks', 'model_type', 'input_data_type', 'output_type',
] as const;

let server: TestServer;
let su: PocketBase;
let attendee: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  attendee = await createUser(server, su, 'attendee');
  await seatAt(su, attendee, (await masterclassEvent(su)).id);
});

/** Checks that every object offset in the xref table points at that object, and startxref at the table. */
function checkPdfStructure(pdf: string): void {
  expect(pdf.startsWith('%PDF-1.')).toBe(true);
  expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
  const entries = pdf.slice(startxref).split('\n').slice(3, 2 + Number(count));
  expect(entries.length).toBe(Number(count) - 1);
  entries.forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    expect(pdf.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
  });
  expect(pdf).toMatch(/\/Type \/Page /);
}

describe('event', () => {
  it('is the spec\'s masterclass: Wednesday 18 June 2025, 11:30 to 14:30 in Adelaide', async () => {
    const events = await server.guest().collection('events').getFullList({ filter: `title = "${EVENT_TITLE}"` });
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      starts_at: '2025-06-18 02:00:00.000Z',
      ends_at: '2025-06-18 05:00:00.000Z',
      timezone: 'Australia/Adelaide',
      location: 'Adelaide, South Australia',
      capacity: 50,
      price_cents: 49500,
      currency: 'AUD',
      sales_state: 'sold_out',
      portal_unlock_at: '2025-06-17 23:30:00.000Z',
      slug: 'ai-champions-masterclass',
      max_per_registration: 10,
    });
    expect(event.venue).toMatch(/Adelaide/);

    const local = (value: string) => {
      const parts = new Intl.DateTimeFormat('en-AU', {
        timeZone: event.timezone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
      }).formatToParts(new Date(value));
      const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value;
      return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')} ${part('hour')}:${part('minute')}`;
    };
    expect(local(event.starts_at)).toBe('Wednesday 18 June 2025 11:30');
    expect(local(event.ends_at)).toBe('Wednesday 18 June 2025 14:30');
    expect(local(event.portal_unlock_at)).toBe('Wednesday 18 June 2025 09:00');
  });

  it('has the development promo code, which no attendee can read', async () => {
    const event = await masterclassEvent(su);
    const promo = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
    expect(promo).toMatchObject({ event: event.id, max_uses: 20, used_count: 0, active: true });
    expect(promo.expires_at).toMatch(/^2025-06-18 /);
    expect(await attendee.client.collection('promo_codes').getFullList()).toEqual([]);
  });

  it('has an invitation signing secret that no client can read', async () => {
    const secrets = await su.collection('app_secrets').getFullList({ filter: 'name = "invitation_token"' });
    expect(secrets).toHaveLength(1);
    await expect(attendee.client.collection('app_secrets').getFullList()).rejects.toMatchObject({ status: 403 });
  });
});

describe('speakers', () => {
  it('are the CTO and the VP Of Sales with the default bio and a website', async () => {
    const speakers = await server.guest().collection('speakers').getFullList({ sort: 'sort' });
    expect(speakers.map((speaker) => speaker.role)).toEqual(['Chief Technology Officer', 'VP Of Sales']);
    for (const speaker of speakers) {
      expect(speaker.bio).toBe('A passionate expert in their field with years of industry experience.');
      expect(speaker.name.length).toBeGreaterThan(3);
      expect(new URL(speaker.website).protocol).toBe('https:');
    }
    expect(new Set(speakers.map((speaker) => speaker.organisation)).size).toBe(2);
  });

  it('have a public PNG portrait (speaker photos are JPEG, PNG or WebP)', async () => {
    const guest = server.guest();
    for (const speaker of await guest.collection('speakers').getFullList()) {
      const response = await fetch(guest.files.getURL(speaker, speaker.image));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  });
});

describe('session materials', () => {
  it('are four real PDFs an attendee downloads once the portal is unlocked', async () => {
    const materials = await attendee.client.collection('materials').getFullList({ sort: 'sort' });
    expect(materials.map((material) => material.title)).toEqual([
      'AI Readiness Checklist',
      '30-Day AI Action Plan Template',
      'Business Case Canvas',
      'AI Use Case Prioritisation Matrix',
    ]);
    const token = await attendee.client.files.getToken();
    for (const material of materials) {
      expect(material.description.length).toBeGreaterThan(20);
      const response = await fetch(attendee.client.files.getURL(material, material.file, { token, download: true }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer()).toString('latin1');
      checkPdfStructure(pdf);
      expect(pdf).toContain(`/Title (${material.title})`);
    }
  });
});

describe('use case library', () => {
  it('has at least 40 use cases over at least 8 industries, every field filled and distinct', async () => {
    const useCases = await attendee.client.collection('ai_use_cases').getFullList();
    expect(useCases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(useCases.map((useCase) => useCase.industry)).size).toBeGreaterThanOrEqual(8);
    for (const useCase of useCases) {
      for (const field of USE_CASE_TEXT_FIELDS) {
        expect(typeof useCase[field] === 'string' && useCase[field].trim().length > 0, `${useCase.title}: ${field}`).toBe(true);
      }
      expect(Array.isArray(useCase.tags), useCase.title).toBe(true);
      expect(useCase.tags.length).toBeGreaterThanOrEqual(3);
      expect(useCase.tags.length).toBeLessThanOrEqual(5);
      expect(useCase.tags.every((tag: unknown) => typeof tag === 'string' && tag.length > 0)).toBe(true);
      expect(['Emerging', 'Growing', 'Mainstream']).toContain(useCase.adoption_level);
    }
    for (const field of ['title', 'description', 'problem_statement', 'solution_summary', 'value_proposition'] as const) {
      expect(new Set(useCases.map((useCase) => useCase[field])).size, field).toBe(useCases.length);
    }
  });

  it('is not readable without signing in', async () => {
    expect((await server.guest().collection('ai_use_cases').getList(1, 1)).totalItems).toBe(0);
  });
});
