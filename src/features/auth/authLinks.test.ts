import { describe, expect, it } from 'vitest';
import { invitationFrom, isCompleteInvitation, resetTokenFrom, safeRedirect, searchText, signInLinkFrom } from './authLinks';

describe('safeRedirect', () => {
  it('keeps paths inside the app, with their query', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/dashboard/profile-settings?tab=1#top')).toBe('/dashboard/profile-settings?tab=1#top');
  });

  it.each([
    ['another host', 'https://evil.example/dashboard'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash browsers read as //', '/\\evil.example'],
    ['a relative path', 'dashboard'],
    ['a script URL', 'javascript:alert(1)'],
    ['a control character', '/dash\nboard'],
    ['a tab', '/\t/evil.example'],
    ['not text', 42],
    ['nothing', undefined],
  ])('drops %s', (_what, value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});

describe('searchText', () => {
  it('turns a digits-only value the router parsed back into text', () => {
    expect(searchText(123456789012345)).toBe('123456789012345');
  });

  it('trims, and drops empty or overlong values', () => {
    expect(searchText('  abc ')).toBe('abc');
    expect(searchText('   ')).toBeUndefined();
    expect(searchText('x'.repeat(513))).toBeUndefined();
    expect(searchText({})).toBeUndefined();
  });
});

describe('invitationFrom', () => {
  const link = { attendeeId: 'a1b2c3d4e5f6g7h', email: 'ana@example.com', token: 'f00d' };

  it('reads the query', () => {
    expect(invitationFrom(link, '')).toEqual(link);
  });

  it('reads the hash when the query has nothing', () => {
    const hash = `#attendeeId=${link.attendeeId}&email=${encodeURIComponent('ana+x@example.com')}&token=${link.token}`;
    expect(invitationFrom({}, hash)).toEqual({ ...link, email: 'ana+x@example.com' });
  });

  it('prefers the query over the hash', () => {
    expect(invitationFrom(link, '#attendeeId=other&email=b@example.com&token=beef')).toEqual(link);
  });

  it('is null without an attendee id: nothing to sign up for', () => {
    expect(invitationFrom({ email: 'ana@example.com' }, '')).toBeNull();
    expect(invitationFrom({}, '#email=ana@example.com')).toBeNull();
  });

  it('keeps a link without its token, which is incomplete', () => {
    const partial = invitationFrom({ attendeeId: link.attendeeId, email: link.email }, '')!;
    expect(isCompleteInvitation(partial)).toBe(false);
    expect(isCompleteInvitation(invitationFrom(link, '')!)).toBe(true);
  });
});

describe('resetTokenFrom', () => {
  it('reads ?token=…', () => {
    expect(resetTokenFrom({ token: 'abc.def.ghi' }, '')).toBe('abc.def.ghi');
  });

  it('reads a recovery hash', () => {
    expect(resetTokenFrom({}, '#type=recovery&token=abc.def')).toBe('abc.def');
    expect(resetTokenFrom({}, '#access_token=abc.def&type=recovery')).toBe('abc.def');
  });

  it('ignores a hash that is not a recovery', () => {
    expect(resetTokenFrom({}, '#token=abc.def')).toBeNull();
    expect(resetTokenFrom({}, '')).toBeNull();
  });
});

describe('signInLinkFrom', () => {
  it('takes the emailed link only with both its id and its code', () => {
    expect(signInLinkFrom({ signin: 'abc123', code: 'XYZ789' })).toEqual({ id: 'abc123', code: 'XYZ789' });
    expect(signInLinkFrom({ signin: 'abc123' })).toBeNull();
    expect(signInLinkFrom({ code: 'XYZ789' })).toBeNull();
    expect(signInLinkFrom({})).toBeNull();
  });
});
