import { describe, expect, it } from 'vitest';
import { matching, recordId } from './searchValue';

describe('route search values', () => {
  it('keeps a string that matches and reads anything else as missing', () => {
    expect(matching('abc', /^[a-c]+$/)).toBe('abc');
    expect(matching('abd', /^[a-c]+$/)).toBeUndefined();
    expect(matching(12, /^\d+$/)).toBeUndefined();
    expect(matching(['abc'], /^[a-c]+$/)).toBeUndefined();
  });

  it('takes record ids of PocketBase shape only', () => {
    expect(recordId('k3m9x2p7q1w8e4r')).toBe('k3m9x2p7q1w8e4r');
    expect(recordId('K3M9')).toBeUndefined();
    expect(recordId('k3m9x2p7q1w8e4r5')).toBeUndefined();
    expect(recordId('../admin')).toBeUndefined();
    expect(recordId(null)).toBeUndefined();
  });
});
