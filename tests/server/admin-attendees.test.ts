// The attendee records API as the Manage Attendees page uses it, against a
// real PocketBase: attendees and guests can neither list other people's rows
// nor edit or delete any; administrators list with the account role expanded,
// edit only the form's fields (valid, unique emails; blank optional fields
// saved empty; an account holder's email stays) and delete only attendees
// without an account, which frees the seat.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import { allowed, createUser, fieldErrors, serverForFile, unique, type TestUser } from './helpers';
import { arrangeAttendee } from './account-helpers';
import { get } from './registration-helpers';

let server: TestServer;
let su: PocketBase;
let admin: TestUser;
let attendeeUser: TestUser;

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  [admin, attendeeUser] = await Promise.all([createUser(server, su, 'administrator'), createUser(server, su, 'attendee')]);
});

const DELETE_HAS_ACCOUNT = 'This attendee has an account, so their record cannot be deleted: the account and its portal access depend on it. The attendee, their seat and their account were left unchanged.';

async function refusal(request: () => Promise<unknown>): Promise<{ status: number; message: string; data: Record<string, { code: string; message: string }> }> {
  try {
    await request();
  } catch (error) {
    if (error instanceof ClientResponseError) return { status: error.status, message: error.response.message, data: error.response.data };
    throw error;
  }
  throw new Error('The request was allowed');
}

describe('attendees and guests', () => {
  it('cannot list, read, update or delete other attendees', async () => {
    const other = await arrangeAttendee(su, { full_name: 'Someone Else' });
    const own = await arrangeAttendee(su, { full_name: 'My Own Row', user: attendeeUser.id });
    const guest = server.guest();

    const listed = await attendeeUser.client.collection('attendees').getFullList();
    expect(listed.map((row) => row.id)).toEqual([own.id]);
    expect((await guest.collection('attendees').getList(1, 50)).totalItems).toBe(0);
    expect(await allowed(() => attendeeUser.client.collection('attendees').getOne(other.id))).toBe(false);
    expect(await allowed(() => guest.collection('attendees').getOne(other.id))).toBe(false);

    for (const client of [attendeeUser.client, guest]) {
      expect(await allowed(() => client.collection('attendees').update(other.id, { full_name: 'Hacked' }))).toBe(false);
      expect(await allowed(() => client.collection('attendees').update(own.id, { full_name: 'Hacked' }))).toBe(false);
      expect(await allowed(() => client.collection('attendees').delete(other.id))).toBe(false);
      expect(await allowed(() => client.collection('attendees').delete(own.id))).toBe(false);
    }
    expect((await su.collection('attendees').getOne(other.id)).full_name).toBe('Someone Else');
    expect((await su.collection('attendees').getOne(own.id)).full_name).toBe('My Own Row');
  });
});

describe('the administrator list', () => {
  it('pages, filters, sorts and expands the account role', async () => {
    const company = unique('List Co ');
    const linked = await arrangeAttendee(su, { company, full_name: 'Linked Person', user: attendeeUser.id });
    await arrangeAttendee(su, { company, full_name: 'Unlinked Person' });
    const page = await admin.client.collection('attendees').getList(1, 20, {
      filter: admin.client.filter('company ~ {:company}', { company: company.toUpperCase() }),
      sort: 'full_name',
      expand: 'user',
    });
    expect(page.totalItems).toBe(2);
    expect(page.items.map((row) => row.full_name)).toEqual(['Linked Person', 'Unlinked Person']);
    expect(page.items[0].id).toBe(linked.id);
    expect(page.items[0].expand?.user?.role).toBe('attendee');
    expect(page.items[1].expand?.user).toBeUndefined();
  });
});

describe('editing an attendee', () => {
  it('saves the form fields, trimmed, with blank optional fields as empty text', async () => {
    const row = await arrangeAttendee(su, { phone_number: '+61 400 000 000', dietary_requirements: 'Vegan' });
    const updated = await admin.client.collection('attendees').update(row.id, {
      full_name: '  Grace B. Hopper ', email: row.email, company: '', job_title: '', role: '', phone_number: '', dietary_requirements: '',
      marketing_consent: true, privacy_consent: true,
    });
    expect(updated).toMatchObject({
      full_name: 'Grace B. Hopper', company: '', job_title: '', role: '', phone_number: '', dietary_requirements: '', marketing_consent: true,
    });
  });

  it('refuses an invalid email, a short name, a bad phone number or role with a clear message and changes nothing', async () => {
    const row = await arrangeAttendee(su);
    const client = admin.client.collection('attendees');
    expect(await fieldErrors(() => client.update(row.id, { email: 'not-an-email' }))).toMatchObject({
      email: { message: 'Please enter a valid email address' },
    });
    expect(await fieldErrors(() => client.update(row.id, { email: '' }))).toMatchObject({ email: { message: 'Please enter a valid email address' } });
    // The registration's stricter rule: a hostname without a dot-separated top-level domain of letters.
    expect(await fieldErrors(() => client.update(row.id, { email: 'ada@example.c0m' }))).toMatchObject({ email: { message: 'Please enter a valid email address' } });
    expect(await fieldErrors(() => client.update(row.id, { full_name: ' A ' }))).toMatchObject({
      full_name: { message: 'Full name must be at least 2 characters' },
    });
    expect(await fieldErrors(() => client.update(row.id, { full_name: '' }))).toMatchObject({ full_name: { message: 'Full name is required' } });
    expect(await fieldErrors(() => client.update(row.id, { phone_number: 'call me' }))).toMatchObject({
      phone_number: { message: 'Phone number may only contain digits, spaces and + ( ) - .' },
    });
    expect(await fieldErrors(() => client.update(row.id, { role: 'Overlord' }))).toMatchObject({ role: { message: 'Please choose one of the listed roles.' } });
    const after = await su.collection('attendees').getOne(row.id);
    expect(after).toMatchObject({ email: row.email, full_name: row.full_name, phone_number: row.phone_number, role: row.role });
  });

  it('refuses an email another attendee of the event already uses, in any case', async () => {
    const first = await arrangeAttendee(su);
    const second = await arrangeAttendee(su);
    const answer = await refusal(() => admin.client.collection('attendees').update(second.id, { email: first.email.toUpperCase() }));
    expect(answer.status).toBe(400);
    expect(answer.data.email.message).toBe('Another attendee of this event already uses this email address.');
    expect((await su.collection('attendees').getOne(second.id)).email).toBe(second.email);
    // Its own email in another case is not a duplicate.
    const same = await admin.client.collection('attendees').update(second.id, { email: second.email.toUpperCase(), full_name: 'Renamed' });
    expect(same.full_name).toBe('Renamed');
  });

  it('refuses the fields the form does not edit: seat status, account link, invitation marks, registration', async () => {
    const row = await arrangeAttendee(su);
    const event = await masterclassEvent(su);
    for (const patch of [
      { registration_status: 'waitlisted' },
      { user: admin.id },
      { invitation_sent: true },
      { registration: row.registration, full_name: 'Sneaky' },
      { event: event.id },
    ]) {
      const errors = await fieldErrors(() => admin.client.collection('attendees').update(row.id, patch));
      const refused = Object.keys(patch).filter((name) => name !== 'full_name');
      for (const name of refused) expect(errors[name]?.message).toBe('This field cannot be changed in the attendee form.');
    }
    const after = await su.collection('attendees').getOne(row.id);
    expect(after).toMatchObject({ registration_status: 'confirmed', user: '', invitation_sent: false, full_name: row.full_name });
  });

  it("keeps the email of an attendee who has an account, but edits the rest", async () => {
    const account = await createUser(server, su, 'attendee');
    const row = await arrangeAttendee(su, { email: account.email, user: account.id });
    const answer = await refusal(() => admin.client.collection('attendees').update(row.id, { email: `${unique('moved-')}@example.com` }));
    expect(answer.data.email.message).toBe('This attendee has an account, so their email cannot be changed: it is the address they sign in with.');
    const renamed = await admin.client.collection('attendees').update(row.id, { email: account.email, company: 'New Co' });
    expect(renamed).toMatchObject({ email: account.email, company: 'New Co' });
  });
});

describe('deleting an attendee', () => {
  it('deletes one without an account and frees its seat', async () => {
    const row = await arrangeAttendee(su);
    const before = (await get(server, '/api/masterclass/event')).body.seats_left;
    await admin.client.collection('attendees').delete(row.id);
    expect(await allowed(() => su.collection('attendees').getOne(row.id))).toBe(false);
    expect((await get(server, '/api/masterclass/event')).body.seats_left).toBe(before + 1);
  });

  it('refuses one who has an account with a clear message and leaves the attendee, seat and account as they were', async () => {
    const account = await createUser(server, su, 'attendee');
    const row = await arrangeAttendee(su, { email: account.email, user: account.id });
    const seats = (await get(server, '/api/masterclass/event')).body.seats_left;
    const answer = await refusal(() => admin.client.collection('attendees').delete(row.id));
    expect(answer).toMatchObject({ status: 409, message: DELETE_HAS_ACCOUNT, data: { user: { code: 'has_account', message: DELETE_HAS_ACCOUNT } } });
    expect((await su.collection('attendees').getOne(row.id)).user).toBe(account.id);
    expect((await su.collection('users').getOne(account.id)).email).toBe(account.email);
    expect((await get(server, '/api/masterclass/event')).body.seats_left).toBe(seats);
  });
});
