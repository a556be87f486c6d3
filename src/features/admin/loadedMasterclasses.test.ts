// The masterclasses the last admin screen loaded are the same account's only.
import { afterEach, describe, expect, it } from 'vitest';
import { pb } from '@/lib/pocketbase';
import type { AdminEventRow } from './event/eventAdminApi';
import { loadedMasterclasses, rememberMasterclasses } from './loadedMasterclasses';

const admin = (id: string) => ({ id, collectionId: '_pb_users_auth_', collectionName: 'users', role: 'administrator' });
const EVENTS = [{ id: 'event0000000001', title: 'Zoë and 𠮷田 🚀' }] as unknown as AdminEventRow[];

afterEach(() => pb.authStore.clear());

describe('the masterclasses kept between admin screens', () => {
  it('the same account starts from them; another account signed in on the tab, or none, does not', () => {
    pb.authStore.save('token', admin('admin000000001a'));
    rememberMasterclasses({ events: EVENTS, featuredId: 'event0000000001' });
    expect(loadedMasterclasses()).toMatchObject({ events: EVENTS, featuredId: 'event0000000001' });
    pb.authStore.save('token', admin('admin000000002b'));
    expect(loadedMasterclasses()).toBeNull();
    pb.authStore.clear();
    expect(loadedMasterclasses()).toBeNull();
  });
});
