import { describe, expect, it } from 'vitest';
import { nameInitials } from './nameInitials';

describe('the initials of a name', () => {
  it('keeps each first character whole, in any script', () => {
    expect(nameInitials('𠮷田 太郎')).toBe('𠮷太');
    expect(nameInitials('Zoë 𠮷田')).toBe('Z𠮷');
    expect(nameInitials('🎉 Party')).toBe('🎉P');
    expect(nameInitials('ada lovelace')).toBe('AL');
    expect(nameInitials('Ëmile Zola')).toBe('ËZ');
    expect(nameInitials('زينب الحسيني')).toBe('زا');
  });
  it('uses the first two words, and nothing for an empty name', () => {
    expect(nameInitials('  Mary Ann Evans ')).toBe('MA');
    expect(nameInitials('')).toBe('');
  });
  it('is never half a character', () => {
    for (const name of ['𠮷田', '👩‍💻 Coder', 'e\u0301lodie']) {
      expect(nameInitials(name)).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/);
    }
    expect(nameInitials('e\u0301lodie')).toBe('E\u0301');
  });
});
