// The door's search by name, email or company over the list on the device.
import { describe, expect, it } from 'vitest';
import type { DoorAttendeeRow } from '@/db';
import { COMBINING_DIAERESIS, UNICODE_PEOPLE, person } from '../../../../tests/support/unicode-names';
import { fold, searchEntries, searchRoster } from './searchRoster';

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

describe('names in any script (tests/support/unicode-names.ts)', () => {
  const people = searchEntries([
    ...UNICODE_PEOPLE.map((entry, index) => row(`u${index}`, entry.fullName, `person${index}@example.com`, entry.company)),
    row('z1', 'ZOE BLOGGS', 'zb@example.com', 'Bloggs'),
    // Arabic and Hebrew written with their vowel signs, half-width katakana, German ß, an ideographic space
    row('v1', 'زَيْنَب الحَسَيْنِي', 'v1@example.com', 'Vowels'),
    row('v2', 'שָׂרָה כֹּהֵן', 'v2@example.com', 'Vowels'),
    row('v3', 'ｼﾞｮｰ Half Width', 'v3@example.com', 'Kana'),
    row('v4', 'Strauß Weiß', 'v4@example.com', 'Eszett'),
    row('v5', '山田\u3000花子', 'v5@example.com', 'Space'),
  ]);
  const found = (query: string) => searchRoster(people, query, 20).map((attendee) => attendee.full_name).sort();
  const zoes = [person('precomposed accent').fullName, person('combining accent').fullName, 'ZOE BLOGGS'].sort();

  it('"Zoe" finds Zoë written either way, and "zoë" finds ZOE', () => {
    expect(found('Zoe')).toEqual(zoes);
    expect(found('zoë')).toEqual(zoes);
    expect(found('ZOË')).toEqual(zoes);
    expect(found(`zoe${COMBINING_DIAERESIS}`)).toEqual(zoes);
    expect(found('angstrom')).toEqual([person('precomposed accent').fullName]);
  });

  it('Arabic and Hebrew find their names with or without vowel signs; CJK, emoji and a ZWJ family by any part', () => {
    expect(found('زينب')).toEqual([person('Arabic').fullName, 'زَيْنَب الحَسَيْنِي'].sort());
    expect(found('الحسيني')).toEqual([person('Arabic').fullName, 'زَيْنَب الحَسَيْنِي'].sort());
    expect(found('שרה')).toEqual([person('Hebrew').fullName, 'שָׂרָה כֹּהֵן'].sort());
    expect(found('כהן')).toEqual([person('Hebrew').fullName, 'שָׂרָה כֹּהֵן'].sort());
    expect(found('𠮷田')).toEqual([person('beyond U+FFFF').fullName]);
    expect(found('太郎')).toEqual([person('beyond U+FFFF').fullName]);
    expect(found('𠮷野家')).toEqual([person('beyond U+FFFF').fullName]);
    expect(found('🎉 party')).toEqual([person('emoji').fullName]);
    expect(found('👩‍👩‍👧')).toEqual([person('ZWJ family emoji').fullName]);
    expect(found('ジョー')).toEqual(['ｼﾞｮｰ Half Width']);
    expect(found('weiss strauss')).toEqual(['Strauß Weiß']);
    expect(found('山田 花子')).toEqual(['山田\u3000花子']);
  });

  it('a name typed in full in another form still comes first', () => {
    expect(searchRoster(people, 'zoe ravn')[0]?.full_name).toBe(person('combining accent').fullName);
    expect(searchRoster(people, 'ZOË ÅNGSTRÖM')[0]?.full_name).toBe(person('precomposed accent').fullName);
  });

  it('counts two characters as people see them, and folds the way the server does', () => {
    expect(found('𠮷')).toEqual([]);
    expect(fold('Zoë')).toBe(fold(`Zoe${COMBINING_DIAERESIS}`));
    expect(fold('ＺＯＥ')).toBe('zoe');
    expect(fold('ﬁona')).toBe('fiona');
  });
});
