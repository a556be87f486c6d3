// A door pass's stored session (the door page, /door/$pass) is never a user's:
// not signed in for the portal, the admin area or the public header.
import { afterEach, describe, expect, it } from 'vitest';
import { pb } from './pocketbase';
import { currentDoorPass, currentUser } from './session';

const USER = { id: 'user0000000001a', collectionId: '_pb_users_auth_', collectionName: 'users', email: 'ada@example.com', role: 'administrator' };
const PASS = { id: 'doorpass0000001', collectionId: 'pbc_door', collectionName: 'door_passes', event: 'event0000000001', label: 'North door' };

afterEach(() => {
  pb.authStore.clear();
});

describe('the stored session', () => {
  it('a door pass is no user (not an attendee, not an administrator), and reads as the pass', () => {
    pb.authStore.save('token', PASS);
    expect(currentUser()).toBeNull();
    expect(currentDoorPass()).toEqual({ id: PASS.id, event: PASS.event, label: 'North door' });
  });

  it('a user is a user, and no door pass', () => {
    pb.authStore.save('token', USER);
    expect(currentUser()).toMatchObject({ id: USER.id, role: 'administrator' });
    expect(currentDoorPass()).toBeNull();
  });
});
