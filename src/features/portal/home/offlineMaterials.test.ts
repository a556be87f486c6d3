import { describe, expect, it } from 'vitest';
import type { MaterialRow } from '@/db';
import { fileCacheKey, storeMaterials, type FileStore } from './offlineMaterials';

const BASE = 'https://masterclass.example';

function material(id: string, file = `${id}.pdf`): MaterialRow {
  return { id, updated: '2025-06-01 00:00:00.000Z', collectionId: 'materials', event: 'event0000000001', title: id, description: '', file, sort: 1 };
}

function memoryStore() {
  const entries = new Map<string, string>();
  const store: FileStore = {
    has: async (key) => entries.has(key),
    put: async (key, response) => void entries.set(key, await response.text()),
  };
  return { entries, store };
}

describe('session materials kept offline', () => {
  it('keys a file by its address without the token, keeping the other parameters', () => {
    expect(fileCacheKey('/api/files/materials/m1/a.pdf?token=abc&download=1', BASE))
      .toBe(`${BASE}/api/files/materials/m1/a.pdf?download=1`);
    expect(fileCacheKey('/api/files/materials/m1/a.pdf?download=1&token=xyz', BASE))
      .toBe(fileCacheKey('/api/files/materials/m1/a.pdf?token=abc&download=1', BASE));
  });

  it('stores each missing file once under its tokenless key and reports every stored one', async () => {
    const { entries, store } = memoryStore();
    const fetched: string[] = [];
    const reports: string[][] = [];
    const materials = [material('m1'), material('m2')];

    await storeMaterials(materials, 'token-1', store, BASE, async (url) => {
      fetched.push(url);
      return new Response(`%PDF- ${url}`);
    }, (ids) => reports.push([...ids]), () => true);

    expect(fetched).toHaveLength(2);
    expect(fetched.every((url) => url.includes('token=token-1'))).toBe(true);
    expect([...entries.keys()].every((key) => !key.includes('token'))).toBe(true);
    expect(reports.at(-1)).toEqual(['m1', 'm2']);

    fetched.length = 0;
    await storeMaterials(materials, 'token-2', store, BASE, async (url) => {
      fetched.push(url);
      return new Response('again');
    }, (ids) => reports.push([...ids]), () => true);
    expect(fetched).toEqual([]);
    expect(reports.at(-1)).toEqual(['m1', 'm2']);
  });

  it('leaves a file the server refused (or the network lost) for the next visit, and stops when offline', async () => {
    const { entries, store } = memoryStore();
    let reported: string[] = [];
    await storeMaterials([material('m1'), material('m2')], 'token', store, BASE, async (url) => {
      if (url.includes('m1')) return new Response('gone', { status: 404 });
      throw new TypeError('Failed to fetch');
    }, (ids) => { reported = [...ids]; }, () => true);
    expect(entries.size).toBe(0);
    expect(reported).toEqual([]);

    let calls = 0;
    await storeMaterials([material('m1')], 'token', store, BASE, async () => {
      calls += 1;
      return new Response('x');
    }, () => {}, () => false);
    expect(calls).toBe(0);
  });

  it('reports stored files without a token (offline), fetching nothing', async () => {
    const { store } = memoryStore();
    await storeMaterials([material('m1')], 'token', store, BASE, async () => new Response('x'), () => {}, () => true);
    let reported: string[] = [];
    await storeMaterials([material('m1'), material('m2')], null, store, BASE, async () => {
      throw new Error('must not fetch');
    }, (ids) => { reported = [...ids]; }, () => true);
    expect(reported).toEqual(['m1']);
  });
});
