import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { MasterclassDb, type ProfileRow } from '@/db';
import { profileFormValues } from './profileForm';
import { followLiveProfile, openedVersions, saveProfile } from './saveProfile';

vi.mock('@/sync/requestSync', () => ({ requestSync: () => Promise.resolve() }));

const opened: ProfileRow = {
  id: 'user00000000001', updated: '2025-06-01 00:00:00.000Z', email: 'ada@example.com', verified: true,
  full_name: 'Ada Lovelace', company: 'Analytical Engines', job_title: 'Analyst', industry: '',
  linkedin_url: '', avatar_url: '', role: 'attendee',
};

describe('saving Profile Settings', () => {
  it("sends only the fields the user changed since the form opened, keeping an administrator's change to another field", async () => {
    const db = new MasterclassDb('profile-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const form = profileFormValues(opened);
    // While the form is open, a pull brings an administrator's new job title.
    const live = { ...opened, job_title: 'Chief Analyst', updated: '2025-06-02 00:00:00.000Z' };
    await db.profiles.put(live);

    await saveProfile(db, opened.id, form, { ...form, company: 'Difference Engines' });

    expect((await db.outbox.toArray()).map((change) => change.patch)).toEqual([{ company: 'Difference Engines' }]);
    expect(await db.profiles.get(opened.id)).toMatchObject({ company: 'Difference Engines', job_title: 'Chief Analyst' });
  });

  it('sends the values the form opened with as the base, so a field an administrator changed meanwhile is a conflict', async () => {
    const db = new MasterclassDb('profile-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const form = profileFormValues(opened);
    await db.profiles.put({ ...opened, job_title: 'Chief Analyst', updated: '2025-06-02 00:00:00.000Z' });

    await saveProfile(db, opened.id, form, { ...form, job_title: 'Head of AI' });

    expect((await db.outbox.toArray()).map((change) => [change.patch, change.base])).toEqual([[{ job_title: 'Head of AI' }, { job_title: 'Analyst' }]]);
  });

  it('queues nothing when nothing changed since the form opened', async () => {
    const db = new MasterclassDb('profile-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.profiles.put({ ...opened, job_title: 'Chief Analyst' });
    const form = profileFormValues(opened);

    expect(await saveProfile(db, opened.id, form, form)).toEqual({});
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a server change in the fields the user has not touched, and keeps the ones being edited', () => {
    const form = profileFormValues(opened);
    const live = { ...opened, job_title: 'Chief Analyst', company: 'Admin Co' };

    const next = followLiveProfile({ ...form, company: 'Typed' }, form, live);

    expect(next.values).toMatchObject({ job_title: 'Chief Analyst', company: 'Typed' });
    expect(next.opened).toMatchObject({ job_title: 'Chief Analyst', company: 'Analytical Engines' });
  });

  it('sends, per changed field, the version of the row the form opened with, though a pull moved the row since', async () => {
    const db = new MasterclassDb('profile-save-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const form = profileFormValues(opened);
    const versions = openedVersions({ ...opened, sync_seq: 40 });
    // The server changed the field since the form opened: the edit was made on the version the form opened with.
    await db.profiles.put({ ...opened, company: 'Changed on the server', sync_seq: 45, updated: '2025-06-02 00:00:00.000Z' });

    await saveProfile(db, opened.id, form, { ...form, company: 'Difference Engines' }, versions);

    expect((await db.outbox.toArray()).map((change) => change.versions)).toEqual([{ company: 40 }]);
  });

  it('sends the version of the row held when it shows the value the user edited from (the form heard late of its own last save)', async () => {
    const db = new MasterclassDb('profile-save-late-test', { indexedDB: new IDBFactory(), IDBKeyRange });
    const form = profileFormValues(opened);
    const versions = openedVersions({ ...opened, sync_seq: 40 });
    // The answer to the user's own save of this value came back as version 45 before the form followed it.
    await db.profiles.put({ ...opened, sync_seq: 45, updated: '2025-06-02 00:00:00.000Z' });

    await saveProfile(db, opened.id, form, { ...form, company: 'Difference Engines' }, versions);

    expect((await db.outbox.toArray()).map((change) => change.versions)).toEqual([{ company: 45 }]);
  });

  it('moves the fields not being edited to the live row’s version, and keeps the one being edited on its own', () => {
    const form = profileFormValues(opened);
    const live = { ...opened, job_title: 'Chief Analyst', sync_seq: 52 };

    const next = followLiveProfile({ ...form, company: 'Typed' }, form, live, openedVersions({ ...opened, sync_seq: 40 }));

    expect(next.versions).toMatchObject({ company: 40, job_title: 52, full_name: 52 });
  });
});
