import { describe, expect, it } from 'vitest';
import type { AdminEventRow } from './event/eventAdminApi';
import { chosenMasterclass, validateAdminEventSearch } from './eventSearch';

const event = (id: string) => ({ id }) as AdminEventRow;
const EVENTS = [event('nextnextnext123'), event('featured1234567'), event('earlier12345678')];

describe('validateAdminEventSearch', () => {
  it('keeps a short text as the masterclass, trimmed, and drops anything else', () => {
    expect(validateAdminEventSearch({ event: ' featured1234567 ' })).toEqual({ event: 'featured1234567' });
    expect(validateAdminEventSearch({})).toEqual({});
    expect(validateAdminEventSearch({ event: '' })).toEqual({});
    expect(validateAdminEventSearch({ event: 42 })).toEqual({});
    expect(validateAdminEventSearch({ event: 'x'.repeat(65) })).toEqual({});
  });
});

describe('chosenMasterclass', () => {
  it('is the one the address names, sent as such, even before the events are loaded', () => {
    expect(chosenMasterclass('earlier12345678', { events: null, featuredId: null })).toEqual({ id: 'earlier12345678', event: null, unknown: false, queryId: 'earlier12345678' });
    expect(chosenMasterclass('earlier12345678', { events: EVENTS, featuredId: 'featured1234567' }))
      .toEqual({ id: 'earlier12345678', event: EVENTS[2], unknown: false, queryId: 'earlier12345678' });
  });

  it('is unknown when the address names none of the events', () => {
    expect(chosenMasterclass('zzzzzzzzzzzzzzz', { events: EVENTS, featuredId: 'featured1234567' })).toMatchObject({ event: null, unknown: true });
  });

  it("is the featured one without a name, left to the server's default so the first request need not wait", () => {
    expect(chosenMasterclass(undefined, { events: null, featuredId: null })).toEqual({ id: null, event: null, unknown: false, queryId: undefined });
    expect(chosenMasterclass(undefined, { events: EVENTS, featuredId: 'featured1234567' }))
      .toEqual({ id: 'featured1234567', event: EVENTS[1], unknown: false, queryId: undefined });
  });

  it('is the latest one, named, when none is featured (none published)', () => {
    expect(chosenMasterclass(undefined, { events: EVENTS, featuredId: null }))
      .toEqual({ id: 'nextnextnext123', event: EVENTS[0], unknown: false, queryId: 'nextnextnext123' });
  });
});
