// Visibility follows the rules themselves (docs/sync.md "How visibility follows
// the rules"). The test reads every synced collection's list rule from the
// running server, lists each value the rule reads (fields, relation paths,
// @request.auth fields, @collection joins, @now), and fails when the table
// below does not say how that value changes. Then, for each value, it changes
// it one way and back, and checks that a device pulling the changes route as
// the app does (rows kept by id, `gone` applied, its own checkpoint) ends
// holding exactly what the records API lists for that account, both times.
import { beforeAll, describe, expect, it } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { createUser, samplePdf, seatAt, serverForFile, unique, type TestUser } from './helpers';

const CHANGES = '/api/sync/changes';
const PAST = '2025-01-01 00:00:00.000Z';
const FUTURE = '2099-01-01 00:00:00.000Z';
const stamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started));

// ---- which values the rules read ----------------------------------------------------------------

/** Every name a PocketBase rule reads: fields, relation paths (and the relation itself), @request.auth.*, @collection.*, @now. */
export function ruleDependencies(rule: string): string[] {
  const code = rule.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ');
  const names = new Set<string>();
  for (const match of code.matchAll(/@?[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*(?::[A-Za-z_]+)?/g)) {
    const name = match[0];
    if (['true', 'false', 'null'].includes(name)) continue;
    names.add(name);
    // `event.published` reads the row's `event` too
    if (!name.startsWith('@') && name.includes('.')) names.add(name.split('.')[0]!);
  }
  return [...names].sort();
}

type Scenario = 'role' | 'published' | 'moveSpeaker' | 'moveMaterial' | 'unlock' | 'now' | 'seatStatus' | 'seatUser' | 'seatEvent' | 'owner';
interface Fixed { fixed: string }
type Dependency = Scenario | Fixed;

const WHO = { fixed: 'who pulls, not a stored value: a device pulls as one account, and its rows and checkpoints belong to it (docs/sync.md, sign-out)' };
const TOMBSTONES = { fixed: 'tombstones are never pulled on their own: each reaches a device as `gone` of its collection, read by the pull route\'s own scoping' };

/** Every value a synced collection's list rule reads → the change that proves devices follow it. */
const DEPENDENCIES: Record<string, Dependency> = {
  'events published': 'published',
  'events @request.auth.role': 'role',
  'speakers event': 'moveSpeaker',
  'speakers event.published': 'published',
  'speakers @request.auth.role': 'role',
  'materials event': 'moveMaterial',
  'materials event.portal_unlock_at': 'unlock',
  'materials @now': 'now',
  'materials @collection.attendees.user': 'seatUser',
  'materials @collection.attendees.event': 'seatEvent',
  'materials @collection.attendees.registration_status': 'seatStatus',
  'materials @request.auth.role': 'role',
  'materials @request.auth.id': WHO,
  'ai_use_cases @request.auth.id': WHO,
  'users id': { fixed: 'a record id never changes' },
  'users @request.auth.id': WHO,
  'users @request.auth.role': 'role',
  'attendees user': 'seatUser',
  'attendees @request.auth.id': WHO,
  'attendees @request.auth.role': 'role',
  'readiness_assessments owner': 'owner',
  'readiness_assessments @request.auth.id': WHO,
  'business_cases owner': 'owner',
  'business_cases @request.auth.id': WHO,
  'saved_use_cases owner': 'owner',
  'saved_use_cases @request.auth.id': WHO,
  'tombstones owner': TOMBSTONES,
  'tombstones @request.auth.id': TOMBSTONES,
  'check_ins @request.auth.role': 'role',
};

/** The collections the pull route serves, as it names them in its 400 answer. */
async function syncedCollectionNames(): Promise<string[]> {
  try {
    await su.send(CHANGES, { query: { collection: 'no_such_collection' } });
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    const message = String(error.response?.data?.collection?.message ?? error.response?.message ?? '');
    const list = message.split(':')[1] ?? '';
    return list.replace(/\.$/, '').split(',').map((name) => name.trim()).filter(Boolean);
  }
  throw new Error('the pull route took an unknown collection');
}

async function listRules(): Promise<Record<string, string | null>> {
  const names = await syncedCollectionNames();
  const all = await su.send<{ items: { name: string; listRule: string | null }[] }>('/api/collections', { query: { perPage: 500 } });
  const rules: Record<string, string | null> = {};
  for (const name of names) {
    const collection = all.items.find((item) => item.name === name);
    if (!collection) throw new Error(`synced collection ${name} not found`);
    rules[name] = collection.listRule;
  }
  return rules;
}

describe('the rules the sync follows', () => {
  it('the parser finds fields, relation paths, auth fields, joins and @now', () => {
    expect(ruleDependencies('@request.auth.id != "" && (event.published = true || @collection.attendees.user ?= @request.auth.id || @now >= event.portal_unlock_at || title = "a.b @x")'))
      .toEqual(['@collection.attendees.user', '@now', '@request.auth.id', 'event', 'event.portal_unlock_at', 'event.published', 'title']);
  });

  it('every value a synced collection\'s list rule reads is covered by a change the test performs', async () => {
    const rules = await listRules();
    expect(Object.keys(rules).length).toBeGreaterThanOrEqual(11);
    const read = Object.entries(rules).flatMap(([name, rule]) => ruleDependencies(rule ?? '').map((dependency) => `${name} ${dependency}`));
    expect(read.filter((key) => !(key in DEPENDENCIES)), 'values the rules read that no change below covers').toEqual([]);
    expect(Object.keys(DEPENDENCIES).filter((key) => !read.includes(key)), 'covered values no rule reads any more').toEqual([]);
  });
});

// ---- a device, pulling as the app does ---------------------------------------------------------

interface Held { id: string; sync_seq?: number }
interface Page { records?: Held[]; gone?: string[]; last?: number; more?: boolean; reset?: boolean }
interface Pulled { name: string; ownerField?: string }

const PORTAL: Pulled[] = [
  { name: 'events' }, { name: 'speakers' }, { name: 'materials' }, { name: 'ai_use_cases' },
  { name: 'users', ownerField: 'id' }, { name: 'attendees', ownerField: 'user' },
  { name: 'readiness_assessments', ownerField: 'owner' }, { name: 'business_cases', ownerField: 'owner' }, { name: 'saved_use_cases', ownerField: 'owner' },
];
// an administrator's door: every attendee row and check-in (src/sync/pullDoor.ts)
const DOOR: Pulled[] = [{ name: 'attendees' }, { name: 'check_ins' }];

class Device {
  readonly held = new Map<string, Map<string, Held>>();
  readonly checkpoints = new Map<string, number>();
  constructor(readonly client: PocketBase, readonly accountId: string, readonly pulls: Pulled[]) {}

  async sync(): Promise<void> {
    for (const pull of this.pulls) await this.pull(pull);
  }

  private async pull({ name, ownerField }: Pulled): Promise<void> {
    const rows = this.held.get(name) ?? new Map<string, Held>();
    this.held.set(name, rows);
    let after = this.checkpoints.get(name) ?? 0;
    for (;;) {
      const page = await this.client.send<Page>(CHANGES, { query: { collection: name, after, limit: 7, ...(ownerField ? { owner: 1 } : {}) }, requestKey: null });
      if (page.reset) throw new Error(`${name}: the server asked this device to start again`);
      for (const record of page.records ?? []) rows.set(record.id, record);
      for (const id of page.gone ?? []) rows.delete(id);
      after = page.last ?? after;
      if (!page.more) break;
    }
    this.checkpoints.set(name, after);
  }

  /** collection → the ids and numbers held */
  view(): Record<string, string[]> {
    return Object.fromEntries(this.pulls.map(({ name }) => [name, [...(this.held.get(name)?.values() ?? [])].map((row) => `${row.id}@${row.sync_seq}`).sort()]));
  }

  /** What the records API lists for the account, as the device asks for it. */
  async expected(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const { name, ownerField } of this.pulls) {
      const rows = await this.client.collection(name).getFullList<Held>({ filter: ownerField ? `${ownerField} = "${this.accountId}"` : '', requestKey: null })
        .catch((error: unknown) => {
          if (error instanceof ClientResponseError && error.status === 403) return [] as Held[];
          throw error;
        });
      out[name] = rows.map((row) => `${row.id}@${row.sync_seq}`).sort();
    }
    return out;
  }

  /** Syncs until the device equals the records API (a job may write meanwhile); fails if it never does. */
  async converges(): Promise<Record<string, string[]>> {
    let last: { held: Record<string, string[]>; expected: Record<string, string[]> } | undefined;
    await expect.poll(async () => {
      await this.sync();
      const held = this.view();
      const expected = await this.expected();
      last = { held, expected };
      return JSON.stringify(held) === JSON.stringify(expected);
    }, { timeout: 10_000, interval: 300 }).toBe(true).catch(() => {
      expect(last?.held, 'the device holds exactly what the records API lists').toEqual(last?.expected);
    });
    return last!.held;
  }
}

// ---- the changes --------------------------------------------------------------------------------

interface World {
  user: TestUser;
  other: TestUser;
  published: string; // an event, published, unlocked, where `user` is seated
  second: string; // another published, unlocked event, no seat
  draft: string; // unpublished, unlocked
  showcase: string; // published, unlocked, no registrations, a speaker
  speaker: string; // at `published`
  material: string; // at `published`
  seat: string; // `user`'s attendee row at `published`
  businessCase: string; // owned by `user`
}
let world: World;

async function createEvent(title: string, published: boolean): Promise<string> {
  const event = await su.collection('events').create({
    title, starts_at: '2099-02-01 00:00:00.000Z', ends_at: '2099-02-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide', capacity: 50, currency: 'AUD', sales_state: 'closed', portal_unlock_at: PAST, max_per_registration: 10, published,
  });
  return event.id;
}

beforeAll(async () => {
  const [user, other] = await Promise.all([createUser(server, su, 'attendee'), createUser(server, su, 'attendee')]);
  const [published, second, draft] = await Promise.all([createEvent(unique('Published '), true), createEvent(unique('Second '), true), createEvent(unique('Draft '), false)]);
  const showcase = await createEvent(unique('Showcase '), true);
  await su.collection('speakers').create({ event: showcase, name: 'Showcase Speaker', role: 'Lead', sort: 3 });
  await su.collection('materials').create({ event: showcase, title: 'Showcase slides', file: samplePdf() });
  const speaker = await su.collection('speakers').create({ event: published, name: 'Published Speaker', role: 'Lead', sort: 1 });
  await su.collection('speakers').create({ event: draft, name: 'Draft Speaker', role: 'Lead', sort: 2 });
  const material = await su.collection('materials').create({ event: published, title: 'Published slides', file: samplePdf() });
  await su.collection('materials').create({ event: second, title: 'Second slides', file: samplePdf() });
  await su.collection('materials').create({ event: draft, title: 'Secret slides', file: samplePdf() });
  const seat = await seatAt(su, user, published);
  await seatAt(su, other, second);
  const businessCase = await user.client.collection('business_cases').create({ owner: user.id, title: 'Mine', status: 'draft' });
  world = { user, other, published, second, draft, showcase, speaker: speaker.id, material: material.id, seat: seat.id, businessCase: businessCase.id };
});

interface Change {
  /** The device(s) that must follow. */
  devices(): Device[];
  forth(): Promise<unknown>;
  back(): Promise<unknown>;
}

const portal = (user: TestUser) => new Device(user.client, user.id, PORTAL);
const CHANGES_BY_SCENARIO: Record<Scenario, () => Change> = {
  role: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('users').update(world.user.id, { role: 'administrator' }),
      back: () => su.collection('users').update(world.user.id, { role: 'attendee' }),
    };
  },
  // (an event with registrations cannot go back to being a draft: the showcase has none)
  published: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('events').update(world.showcase, { published: false }),
      back: () => su.collection('events').update(world.showcase, { published: true }),
    };
  },
  moveSpeaker: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('speakers').update(world.speaker, { event: world.draft }),
      back: () => su.collection('speakers').update(world.speaker, { event: world.published }),
    };
  },
  moveMaterial: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('materials').update(world.material, { event: world.second }),
      back: () => su.collection('materials').update(world.material, { event: world.published }),
    };
  },
  unlock: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('events').update(world.published, { portal_unlock_at: FUTURE }),
      back: () => su.collection('events').update(world.published, { portal_unlock_at: PAST }),
    };
  },
  // Time only runs forward: the portal unlocks by the clock (the minute job numbers its materials);
  // locking it again is the unlock change above.
  now: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('events').update(world.published, { portal_unlock_at: stamp(Date.now() + 3000) }),
      back: async () => {
        await sleep(3200);
        await su.crons.run('releaseUnlockedMaterials');
      },
    };
  },
  seatStatus: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('attendees').update(world.seat, { registration_status: 'waitlisted' }),
      back: () => su.collection('attendees').update(world.seat, { registration_status: 'confirmed' }),
    };
  },
  seatUser: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('attendees').update(world.seat, { user: world.other.id }),
      back: () => su.collection('attendees').update(world.seat, { user: world.user.id }),
    };
  },
  seatEvent: () => {
    const devices = [portal(world.user)];
    return {
      devices: () => devices,
      forth: () => su.collection('attendees').update(world.seat, { event: world.second }),
      back: () => su.collection('attendees').update(world.seat, { event: world.published }),
    };
  },
  owner: () => {
    const devices = [portal(world.user), portal(world.other)];
    return {
      devices: () => devices,
      forth: () => su.collection('business_cases').update(world.businessCase, { owner: world.other.id }),
      back: () => su.collection('business_cases').update(world.businessCase, { owner: world.user.id }),
    };
  },
};

const scenarios = [...new Set(Object.values(DEPENDENCIES).filter((dependency): dependency is Scenario => typeof dependency === 'string'))];

describe('a device follows every value the rules read, both ways', () => {
  it.each(scenarios)('%s', async (scenario) => {
    const change = CHANGES_BY_SCENARIO[scenario]();
    const devices = change.devices();
    const before = [];
    for (const device of devices) before.push(await device.converges());

    await change.forth();
    const during = [];
    for (const device of devices) during.push(await device.converges());
    // the change moved something for the first device (otherwise it proves nothing)
    expect(during[0], 'the change altered what the account reads').not.toEqual(before[0]);

    await change.back();
    const after = [];
    for (const device of devices) after.push(await device.converges());
    expect(after[0], 'changing it back altered it again').not.toEqual(during[0]);
  });

  it("an administrator's door holds every attendee row and check-in, and after a demotion and a promotion again, those written meanwhile", async () => {
    const admin = await createUser(server, su, 'administrator');
    const door = new Device(admin.client, admin.id, DOOR);
    await door.converges();
    await su.collection('users').update(admin.id, { role: 'attendee' });
    // no door pull for a non-administrator (src/sync/pullDoor.ts); the server shows it none of the rows
    const asAttendee = await admin.client.send<Page>(CHANGES, { query: { collection: 'check_ins', after: 0 } });
    expect(asAttendee.records).toEqual([]);
    const row = await seatAt(su, world.other, world.second);
    await su.collection('check_ins').create({
      attendee: row.id, event: world.second, method: 'search', scanned_at: stamp(Date.now()), received_at: stamp(Date.now()),
      ordered_at: stamp(Date.now()), device_name: 'North door',
    });
    await su.collection('users').update(admin.id, { role: 'administrator' });
    const held = await door.converges();
    expect(held.check_ins!.length).toBeGreaterThan(0);
    expect(held.attendees!.some((entry) => entry.startsWith(`${row.id}@`))).toBe(true);
  });
});
