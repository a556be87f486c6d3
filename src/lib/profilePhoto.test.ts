import { describe, expect, it } from 'vitest';
import { profilePhotoUrl } from './profilePhoto';

const PROFILE = { id: 'user0000000001a', collectionId: '_pb_users_auth_', collectionName: 'users' };

describe('profilePhotoUrl', () => {
  it('shows the uploaded photo in the size asked for, before an image address', () => {
    const url = profilePhotoUrl({ ...PROFILE, photo: 'me_ab12cd34ef.png', avatar_url: 'https://example.com/me.jpg' }, 'small');
    expect(url).toMatch(/\/api\/files\/_pb_users_auth_\/user0000000001a\/me_ab12cd34ef\.png\?thumb=96x96$/);
    expect(profilePhotoUrl({ ...PROFILE, photo: 'me_ab12cd34ef.png' })).toMatch(/thumb=240x240$/);
  });

  it('falls back to a web address, and to nothing for anything else', () => {
    expect(profilePhotoUrl({ ...PROFILE, photo: '', avatar_url: ' https://example.com/me.jpg ' })).toBe('https://example.com/me.jpg');
    expect(profilePhotoUrl({ ...PROFILE, avatar_url: 'javascript:alert(1)' })).toBeNull();
    expect(profilePhotoUrl({ ...PROFILE })).toBeNull();
  });
});
