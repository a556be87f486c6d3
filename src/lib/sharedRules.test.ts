import { describe, expect, it } from 'vitest';
import { isReservedEmailDomain, isValidEmail, nameCarriesLink } from './sharedRules';

describe('the shared email rule', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['ada@example.com', "o'neil+tag@mail.example.com.au", 'a_b@x-y.co']) expect(isValidEmail(email), email).toBe(true);
  });

  it('refuses what PocketBase refuses, and a little more', () => {
    for (const email of ['.x@example.com', 'x.@example.com', 'a..b@example.com', 'a@example', 'a@-x.com', 'a@x.c0m', 'a@e.x', ' a@x.com', `${'a'.repeat(65)}@x.com`]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
});

describe('addresses that can never receive email', () => {
  it('are the reserved and special-use domains, in any case, and nothing else', () => {
    for (const email of ['x@deleted.invalid', 'x@DELETED.INVALID', 'x@lab.test', 'x@host.localhost', 'x@mail.example', 'x@printer.local', 'x@y.onion', 'x@router.home.arpa', 'x@home.arpa', 'x@n.alt']) {
      expect(isReservedEmailDomain(email), email).toBe(true);
    }
    for (const email of ['ada@example.com', 'ada@example.org', 'ada@testing.com', 'ada@local.com.au', 'ada@invalid.io', 'ada@arpa.net']) {
      expect(isReservedEmailDomain(email), email).toBe(false);
    }
  });
});

describe('names', () => {
  it('may not carry links', () => {
    for (const name of ['see evil.com', 'http://x', 'www.x', '<b>', 'a@b', 'a/b']) expect(nameCarriesLink(name), name).toBe(true);
    for (const name of ['Ada Lovelace', 'J.R.R. Tolkien', "Mary-Jane O'Neil", 'Dr. Who']) expect(nameCarriesLink(name), name).toBe(false);
  });
});
