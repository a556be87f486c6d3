// The door's search by name, email or company over the list on the device.
import { describe, expect, it } from 'vitest';
import type { DoorAttendeeRow } from '@/db';
import { searchEntries, searchRoster } from './searchRoster';

const row = (id: string, full_name: string, email: string, company: string): DoorAttendeeRow =>
  ({ id, event: 'event0000000001', full_name, email, company, registration_status: 'confirmed', ticket_code: '', updated: '' });

const entries = searchEntries([
  row('1', 'Zoë Adams', 'zoe@acme.example', 'Acme'),
  row('2', 'Adam Zhou', 'adam@globex.example', 'Globex'),
  row('3', 'Grace Hopper', 'grace@navy.example', 'Compilers Inc'),
]);
const names = (query: string) => searchRoster(entries, query).map((attendee) => attendee.full_name);

describe('searching the list', () => {
  it('matches name, email or company in any case, accents ignored', () => {
    expect(names('zoe')).toEqual(['Zoë Adams']);
    expect(names('GLOBEX')).toEqual(['Adam Zhou']);
    expect(names('navy.example')).toEqual(['Grace Hopper']);
  });

  it('every word must match; names starting with the words come first', () => {
    expect(names('adam')).toEqual(['Adam Zhou', 'Zoë Adams']);
    expect(names('adam acme')).toEqual(['Zoë Adams']);
  });

  it('lists a name typed in full first, even when its words are in many others\' addresses', () => {
    // Twelve guests whose addresses all hold "15" and "17" (as a date or a code in an address might):
    // every one matches "Door Guest 15", and sorted by name alone the limit of 8 cut Guest 15 off.
    const guests = searchEntries(Array.from({ length: 12 }, (_, index) => {
      const number = String(index + 10).padStart(2, '0');
      return row(number, `Door Guest ${number}`, `guest-1517-g${number}@example.com`, 'Door Co');
    }));
    expect(searchRoster(guests, 'Door Guest 15').map((attendee) => attendee.full_name)[0]).toBe('Door Guest 15');
    expect(searchRoster(guests, '  door   GUEST 17 ').map((attendee) => attendee.full_name)[0]).toBe('Door Guest 17');
    // a name holding every word comes before matches by address alone
    expect(names('grace navy')).toEqual(['Grace Hopper']);
    expect(searchRoster(guests, 'guest 21').map((attendee) => attendee.full_name)).toEqual(['Door Guest 21']);
  });

  it('needs two characters and keeps to the limit', () => {
    expect(names('a')).toEqual([]);
    expect(searchRoster(entries, 'e', 8)).toEqual([]);
    expect(searchRoster(entries, 'example', 2)).toHaveLength(2);
  });
});
