import { describe, expect, it } from 'vitest';
import { reasonToStartAtOnce } from './landingWake';

const event = { id: 'abc', title: 'AI CHAMPIONS MASTERCLASS', starts_at: '2031-06-18 02:00:00.000Z' };

/** A page whose landing data element holds `text` (none when undefined). */
function page(text?: string): Document {
  return { getElementById: (id: string) => (id === 'landing-data' && text !== undefined ? { textContent: text } : null) } as unknown as Document;
}

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('whether the landing page can wait for the visitor', () => {
  it('waits with the server’s masterclass, nothing next and no session', () => {
    expect(reasonToStartAtOnce(page(JSON.stringify({ event, hero: {}, next: null })), storage({}))).toBeNull();
    expect(reasonToStartAtOnce(page(JSON.stringify({ event, hero: {}, next: null })), null)).toBeNull();
  });

  it('starts at once without a masterclass in the page, or with data it cannot read', () => {
    expect(reasonToStartAtOnce(page(), storage({}))).toBe('the page came without a masterclass');
    expect(reasonToStartAtOnce(page('{"event":null,"next":null}'), storage({}))).toBe('the page came without a masterclass');
    expect(reasonToStartAtOnce(page('{not json'), storage({}))).toBe('the page came without a masterclass');
    expect(reasonToStartAtOnce(page('"Zoë 𠮷田"'), storage({}))).toBe('the page came without a masterclass');
  });

  it('starts at once to show the next masterclass the server named', () => {
    const next = { id: 'n1', slug: 'ai-champions-masterclass-2031-07-01', date: 'Tuesday 1 July 2031' };
    expect(reasonToStartAtOnce(page(JSON.stringify({ event, hero: {}, next })), storage({}))).toBe('the page shows the next masterclass');
  });

  it('starts at once for a signed-in visitor (the header shows their way in), and not for an empty or unreadable session', () => {
    const data = page(JSON.stringify({ event, hero: {}, next: null }));
    expect(reasonToStartAtOnce(data, storage({ pocketbase_auth: JSON.stringify({ token: 'abc.def.ghi', record: { id: 'u1', name: 'عائشة' } }) }))).toBe('a signed-in visitor');
    expect(reasonToStartAtOnce(data, storage({ pocketbase_auth: JSON.stringify({ token: '', record: null }) }))).toBeNull();
    expect(reasonToStartAtOnce(data, storage({ pocketbase_auth: '{broken' }))).toBeNull();
  });
});

