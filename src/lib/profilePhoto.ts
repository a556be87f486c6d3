// The picture an account shows: its uploaded photo (users.photo, in one of the
// thumbnail sizes the server makes: pb_migrations/1750002941_update_attendee_self_service.js)
// before the image address given in Profile Settings, or none.
import { pb } from './pocketbase';

const THUMBS = { small: '96x96', large: '240x240' } as const;

interface PhotoOwner {
  id: string;
  collectionId?: string;
  collectionName?: string;
  photo?: string;
  avatar_url?: string;
}

/** Only an address the browser may load as an image: http(s), nothing else. */
function webAddress(value: string | undefined): string | null {
  return value && /^https?:\/\//i.test(value.trim()) ? value.trim() : null;
}

export function profilePhotoUrl(profile: PhotoOwner, size: keyof typeof THUMBS = 'large'): string | null {
  if (profile.photo) {
    const owner = { id: profile.id, collectionId: profile.collectionId ?? '', collectionName: profile.collectionName ?? 'users' };
    return pb.files.getURL(owner, profile.photo, { thumb: THUMBS[size] });
  }
  return webAddress(profile.avatar_url);
}
