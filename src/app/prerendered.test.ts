import { describe, expect, it } from 'vitest';
import { isPrerenderedLocation } from './prerendered';

describe('isPrerenderedLocation', () => {
  it('is true for / with or without tracking parameters', () => {
    expect(isPrerenderedLocation({ pathname: '/', search: '' })).toBe(true);
    expect(isPrerenderedLocation({ pathname: '/', search: '?utm_source=newsletter&utm_medium=email' })).toBe(true);
  });

  it('is false when the hidden waitlist form is asked for, which the prerender leaves out', () => {
    expect(isPrerenderedLocation({ pathname: '/', search: '?showWaitlistForm=true' })).toBe(false);
    expect(isPrerenderedLocation({ pathname: '/', search: '?utm_source=x&showWaitlistForm=true' })).toBe(false);
  });

  it('is false for every other route', () => {
    for (const pathname of ['/dashboard', '/register', '/auth', '/index.html', '//']) {
      expect(isPrerenderedLocation({ pathname, search: '' }), pathname).toBe(false);
    }
  });
});
