import { describe, expect, it } from 'vitest';
import { eventParam, filterParams } from './attendeesApi';

describe('filterParams', () => {
  it('sends each filled filter trimmed, as typed, and leaves blanks out', () => {
    expect(filterParams({ name: '', email: ' ', company: '' })).toEqual({});
    expect(filterParams({ name: "  O'Brien ", email: '', company: '100%_"Labs"' })).toEqual({ name: "O'Brien", company: '100%_"Labs"' });
  });
});

describe('eventParam', () => {
  it('names the chosen masterclass, and nothing for the featured one', () => {
    expect(eventParam('abcdefghij12345')).toEqual({ event: 'abcdefghij12345' });
    expect(eventParam(undefined)).toEqual({});
    expect(eventParam('')).toEqual({});
  });
});
