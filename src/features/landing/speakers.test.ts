import { describe, expect, it } from 'vitest';
import { CARD_BIO_MAX, DEFAULT_SPEAKER_BIO, hasMoreBio, speakerCardBio, speakersOf, type Speaker } from './speakers';

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

describe('speakerCardBio', () => {
  const withBio = (bio: string): Speaker => ({ ...speaker('a', 'june'), bio });

  it('shows a short bio whole, and offers nothing more', () => {
    expect(speakerCardBio(withBio(''))).toBe(DEFAULT_SPEAKER_BIO);
    expect(hasMoreBio(withBio(''))).toBe(false);
    const short = 'Zoë 𠮷田 builds AI agents 🚀 for\nhospitals.';
    expect(speakerCardBio(withBio(short))).toBe('Zoë 𠮷田 builds AI agents 🚀 for hospitals.');
    expect(hasMoreBio(withBio(short))).toBe(false);
  });

  it('shows the first paragraph of a longer bio, and offers the rest', () => {
    const bio = 'Leads AI strategy at Southern Cross AI.\n\nBefore that she spent ten years in banking.';
    expect(speakerCardBio(withBio(bio))).toBe('Leads AI strategy at Southern Cross AI.');
    expect(hasMoreBio(withBio(bio))).toBe(true);
  });

  it('keeps whole sentences up to the limit, or cuts a long first sentence at a word', () => {
    const sentence = 'Amelia has led data teams in three countries. ';
    const bio = sentence.repeat(6).trim();
    const card = speakerCardBio(withBio(bio));
    expect(card.length).toBeLessThanOrEqual(CARD_BIO_MAX);
    expect(card).toBe(sentence.repeat(3).trim());
    expect(hasMoreBio(withBio(bio))).toBe(true);

    const run = `مرحبا ${'word '.repeat(60)}end.`;
    const cut = speakerCardBio(withBio(run));
    expect(cut.endsWith('word…')).toBe(true);
    expect([...cut].length).toBeLessThanOrEqual(CARD_BIO_MAX + 1);
  });
});
