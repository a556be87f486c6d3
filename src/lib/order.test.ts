import { describe, expect, it } from 'vitest';
import { isOrderLink, orderPageHref, rememberedOrderLink, rememberOrderLink } from './order';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const values = new Map(Object.entries(initial));
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

const KEY = 'a'.repeat(64);

describe('order links', () => {
  it('takes only a record id with a 64-hex key', () => {
    expect(isOrderLink({ id: 'abcdefghij12345', key: KEY })).toBe(true);
    for (const value of [null, 'x', { id: 'abcdefghij12345' }, { id: 'ABCDEFGHIJ12345', key: KEY }, { id: 'abcdefghij12345', key: KEY.toUpperCase() }, { id: 'abc', key: KEY }]) {
      expect(isOrderLink(value)).toBe(false);
    }
    expect(orderPageHref({ id: 'abcdefghij12345', key: KEY })).toBe(`/order/abcdefghij12345?key=${KEY}`);
  });

  it('keeps the link of each checkout session this tab has seen, the last ten, and ignores damaged storage', () => {
    const store = memoryStorage();
    rememberOrderLink('cs_1', { id: 'abcdefghij12345', key: KEY }, store);
    expect(rememberedOrderLink('cs_1', store)).toEqual({ id: 'abcdefghij12345', key: KEY });
    expect(rememberedOrderLink('cs_2', store)).toBeNull();
    for (let index = 2; index <= 11; index += 1) rememberOrderLink(`cs_${index}`, { id: `abcdefghij${String(index).padStart(5, '0')}`, key: KEY }, store);
    expect(rememberedOrderLink('cs_1', store)).toBeNull();
    expect(rememberedOrderLink('cs_11', store)).toEqual({ id: 'abcdefghij00011', key: KEY });
    expect(rememberedOrderLink('cs_1', memoryStorage({ order_links: '{oops' }))).toBeNull();
    expect(rememberedOrderLink('cs_1', memoryStorage({ order_links: JSON.stringify([['cs_1', { id: 'x', key: 'y' }]]) }))).toBeNull();
    expect(rememberedOrderLink('cs_1', null)).toBeNull();
  });
});
