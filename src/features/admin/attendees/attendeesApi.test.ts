import { describe, expect, it } from 'vitest';
import { eventParam, filterParams } from './attendeesApi';

describe('filterParams', () => {
  it('sends the search trimmed, as typed, and the chosen chip, and leaves blanks out', () => {
    expect(filterParams({ q: ' ', status: '' })).toEqual({});
    expect(filterParams({ q: "  O'Brien 100%_\"Labs\" ", status: '' })).toEqual({ q: "O'Brien 100%_\"Labs\"" });
    expect(filterParams({ q: '', status: 'checked_in' })).toEqual({ status: 'checked_in' });
    expect(filterParams({ q: '𠮷田', status: 'refunded' })).toEqual({ q: '𠮷田', status: 'refunded' });
  });
});

describe('eventParam', () => {
  it('names the chosen masterclass, and nothing for the featured one', () => {
    expect(eventParam('abcdefghij12345')).toEqual({ event: 'abcdefghij12345' });
    expect(eventParam(undefined)).toEqual({});
    expect(eventParam('')).toEqual({});
  });
});
