import { describe, expect, it } from 'vitest';
import { speakersOf, type Speaker } from './speakers';

const speaker = (id: string, event: string): Speaker => ({
  id, event, name: id, role: 'Guest', organisation: '', bio: '', website: '', image: '', collectionId: 'c', collectionName: 'speakers',
});

describe('speakersOf', () => {
  const rows = [speaker('a', 'june'), speaker('b', 'next'), speaker('c', 'june')];

  it('keeps the featured masterclass’s speakers in their order', () => {
    expect(speakersOf(rows, 'june').map((row) => row.id)).toEqual(['a', 'c']);
    expect(speakersOf(rows, 'next').map((row) => row.id)).toEqual(['b']);
  });

  it('shows none for a masterclass without speakers', () => {
    expect(speakersOf(rows, 'other')).toEqual([]);
  });

  it('shows every published speaker when the event could not be read', () => {
    expect(speakersOf(rows, null).map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });
});
