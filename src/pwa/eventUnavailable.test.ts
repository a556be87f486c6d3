import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { whyUnavailable } from './eventUnavailable';

const noAnswer = () => new ClientResponseError({ url: '/api/masterclass/event', status: 0, originalError: new TypeError('Failed to fetch') });

describe('whyUnavailable', () => {
  it('is offline when the request got no answer, or the browser says it is offline', () => {
    expect(whyUnavailable(noAnswer(), true)).toBe('offline');
    expect(whyUnavailable(new Error('No masterclass is published yet.'), false)).toBe('offline');
  });

  it('is a failure when the server answered with an error, or the page cancelled the request', () => {
    expect(whyUnavailable(new ClientResponseError({ status: 503, response: { message: 'Unavailable' } }), true)).toBe('failed');
    expect(whyUnavailable(new ClientResponseError({ status: 0, isAbort: true }), true)).toBe('failed');
    expect(whyUnavailable(new Error('No masterclass is published yet.'), true)).toBe('failed');
  });
});
