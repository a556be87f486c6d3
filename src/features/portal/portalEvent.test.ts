import { describe, expect, it } from 'vitest';
import type { EventRow } from '@/db';
import { portalEvent } from './usePortalLock';

const event = (id: string, starts: string, published = true) =>
  ({ id, starts_at: `${starts} 01:00:00.000Z`, ends_at: `${starts} 04:00:00.000Z`, created: '2025-01-01 00:00:00.000Z', published }) as unknown as EventRow;

const june2025 = event('june2025', '2025-06-18');
const march2027 = event('march2027', '2027-03-10');
const draft2028 = event('draft2028', '2028-02-01', false);
const now = new Date('2026-11-25T00:00:00Z');

describe('portalEvent', () => {
  it("is the attendee's own masterclass, not the one the site features", () => {
    expect(portalEvent([june2025, march2027], new Set(['june2025']), now)?.id).toBe('june2025');
  });

  it("is the attendee's next masterclass when they are registered for two", () => {
    expect(portalEvent([june2025, march2027], new Set(['june2025', 'march2027']), now)?.id).toBe('march2027');
    // Once both have taken place: the last one.
    expect(portalEvent([june2025, march2027], new Set(['june2025', 'march2027']), new Date('2027-05-01T00:00:00Z'))?.id).toBe('march2027');
  });

  it('is the featured masterclass for an account without attendee rows, never a draft', () => {
    expect(portalEvent([june2025, march2027, draft2028], new Set(), now)?.id).toBe('march2027');
    expect(portalEvent([june2025, draft2028], new Set(), now)?.id).toBe('june2025');
    expect(portalEvent([draft2028], new Set(['draft2028']), now)).toBeNull();
  });

  it('is none before the first sync', () => {
    expect(portalEvent([], new Set(), now)).toBeNull();
  });
});
