import { describe, expect, it } from 'vitest';
import { newRecordId } from './ids';

describe('newRecordId', () => {
  it("makes PocketBase-shaped ids that don't repeat", () => {
    const ids = Array.from({ length: 1000 }, newRecordId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});
