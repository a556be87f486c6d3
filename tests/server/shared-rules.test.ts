// The email rule the page and the registration route share
// (pb_hooks/shared/shared-rules.json) must never accept an address that
// PocketBase's own email fields refuse: such an address would pass every
// check and then fail the write with 'Something went wrong'.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { isValidEmail } from '../../src/lib/sharedRules';
import type { TestServer } from '../support/pocketbase';
import { serverForFile } from './helpers';

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started));

const LOCALS = ['a', 'A.b', '.a', 'a.', 'a..b', "o'neil", 'a+b', 'a_b-c', 'a/b=c?d', '{x}', 'ä', '"a b"', 'x'.repeat(64), 'x'.repeat(65), ' a', 'a b'];
const DOMAINS = ['example.com', 'e.x', 'example', '-x.com', 'x-.com', 'ex--ample.com', '1x.com', 'x.c0m', 'x.co1', 'x.com.', 'sub_d.com', 'exämple.com',
  '[1.2.3.4]', 'x..com', `${'d'.repeat(63)}.com`, `${'d'.repeat(64)}.com`, 'x.museum', 'a.b.c.d.e.f.au'];

async function pocketBaseAccepts(email: string): Promise<boolean> {
  try {
    await su.collection('contact_messages').create({ name: 'Rule check', email, subject: 'Email rule', message: 'Checking the shared email rule' });
    return true;
  } catch {
    return false;
  }
}

describe('the shared email rule', () => {
  it('accepts only addresses PocketBase accepts too, and still accepts ordinary ones', async () => {
    const addresses = LOCALS.flatMap((local) => DOMAINS.map((domain) => `${local}@${domain}`));
    const acceptedByRule = addresses.filter(isValidEmail);
    expect(acceptedByRule.length).toBeGreaterThan(40);
    const refusedByStore: string[] = [];
    for (const email of acceptedByRule) if (!(await pocketBaseAccepts(email))) refusedByStore.push(email);
    expect(refusedByStore).toEqual([]);
    expect(server.url).toBeTruthy();
  });

  it('refuses the addresses PocketBase refuses that a looser rule let through before', async () => {
    for (const email of ['.x@example.com', 'x.@example.com', 'a..b@example.com']) {
      expect(isValidEmail(email), email).toBe(false);
      expect(await pocketBaseAccepts(email), email).toBe(false);
    }
  });
});
