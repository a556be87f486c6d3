// Business cases on the server: each attendee reads and writes only its own
// (others' are invisible and untouchable), and every saved case is checked
// for shape (amounts in whole cents within bounds, rates, hours, lists,
// texts), creates and partial updates alike, with a message per field.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import { allowed, createUser, fieldErrors, serverForFile, type TestUser } from './helpers';

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let other: TestUser;

serverForFile((started) => {
  ({ server, su } = started);
});

beforeAll(async () => {
  owner = await createUser(server, su, 'attendee');
  other = await createUser(server, su, 'attendee');
});

/** A complete case as the builder saves it. */
const fullCase = (ownerId: string) => ({
  owner: ownerId,
  title: 'Invoice coding assistant',
  status: 'draft',
  currency: 'AUD',
  problem_statement: 'Invoices are coded by hand.',
  opportunity: 'Free the finance team for analysis.',
  proposed_solution: 'A model suggests the GL code for each invoice.',
  source_use_case: { kind: 'library', id: 'abc123def456ghi', title: 'Invoice coding' },
  stakeholders: [{ name: 'Sam Lee', role: 'CFO', interest: 'Cost' }],
  one_off_costs: [{ label: 'Integration', amount_cents: 4_000_000 }],
  running_costs: [{ label: 'Licences', amount_cents: 1_200_000 }],
  hours_saved_per_week: 20,
  hourly_rate_cents: 5_000,
  extra_revenue_cents: 0,
  cost_avoided_cents: 1_000_000,
  ramp_up_percent: [50, 100, 100],
  discount_rate_percent: 7,
  risk_items: [{ risk: 'Wrong codes', mitigation: 'Human review under $5k' }],
  milestones: [{ title: 'Pilot live', month: 3 }],
  estimated_cost_cents: 7_600_000,
  estimated_annual_benefit_cents: 6_200_000,
});

describe('owner-only', () => {
  it('the owner creates, reads, updates and deletes its case; another attendee sees and touches nothing', async () => {
    const mine = owner.client.collection('business_cases');
    const theirs = other.client.collection('business_cases');
    const created = await mine.create(fullCase(owner.id));
    expect(created.stakeholders).toEqual([{ name: 'Sam Lee', role: 'CFO', interest: 'Cost' }]);

    expect((await theirs.getFullList()).map((row) => row.id)).not.toContain(created.id);
    expect(await allowed(() => theirs.getOne(created.id))).toBe(false);
    expect(await allowed(() => theirs.update(created.id, { title: 'Taken over' }))).toBe(false);
    expect(await allowed(() => theirs.delete(created.id))).toBe(false);
    // Nor can a case be planted in someone else's name, or handed over.
    expect(await allowed(() => theirs.create(fullCase(owner.id)))).toBe(false);
    expect(await allowed(() => mine.update(created.id, { owner: other.id }))).toBe(false);
    expect(await allowed(() => server.guest().collection('business_cases').getOne(created.id))).toBe(false);

    const stored = await su.collection('business_cases').getOne(created.id);
    expect([stored.title, stored.owner]).toEqual(['Invoice coding assistant', owner.id]);

    await mine.update(created.id, { hours_saved_per_week: 12.5 });
    expect((await mine.getOne(created.id)).hours_saved_per_week).toBe(12.5);
    await mine.delete(created.id);
    expect(await allowed(() => su.collection('business_cases').getOne(created.id))).toBe(false);
  });
});

describe('shape', () => {
  const create = (patch: Record<string, unknown>) => fieldErrors(() => owner.client.collection('business_cases').create({ ...fullCase(owner.id), ...patch }));

  it('refuses negative, fractional and absurd amounts with a message, and stores nothing', async () => {
    const before = (await owner.client.collection('business_cases').getFullList()).length;
    expect((await create({ one_off_costs: [{ label: 'Build', amount_cents: -100 }] })).one_off_costs?.message)
      .toMatch(/One-off costs, entry 1: the amount must be whole cents between \$0 and \$1,000,000,000/);
    expect((await create({ running_costs: [{ label: 'Run', amount_cents: 12.5 }] })).running_costs?.message).toMatch(/whole cents/);
    expect((await create({ one_off_costs: [{ label: 'Build', amount_cents: 1e14 }] })).one_off_costs?.message).toMatch(/between \$0/);
    expect((await create({ extra_revenue_cents: -1 })).extra_revenue_cents?.message).toBe('Enter whole cents between $0 and $1,000,000,000.');
    expect((await create({ cost_avoided_cents: 1e12 })).cost_avoided_cents?.message).toMatch(/between \$0 and \$1,000,000,000/);
    // Each line within bounds, but together too much.
    const lines = Array.from({ length: 2 }, () => ({ label: 'Big', amount_cents: 60_000_000_000 }));
    expect((await create({ one_off_costs: lines })).one_off_costs?.message).toBe('One-off costs add up to more than $1,000,000,000.');
    expect((await owner.client.collection('business_cases').getFullList()).length).toBe(before);
  });

  it('refuses rates, hours, ramp-up and milestones out of bounds, over-long lists and texts, and an empty title', async () => {
    expect((await create({ discount_rate_percent: 150 })).discount_rate_percent?.message).toBe('The discount rate must be between 0 and 100 %.');
    expect((await create({ discount_rate_percent: -1 })).discount_rate_percent).toBeDefined();
    expect((await create({ hourly_rate_cents: 2_000_000 })).hourly_rate_cents?.message).toBe('The hourly rate must be between $0 and $10,000.');
    expect((await create({ hours_saved_per_week: 1e6 })).hours_saved_per_week?.message).toBe('Hours saved a week must be between 0 and 100,000.');
    expect((await create({ ramp_up_percent: [50, 120, 100] })).ramp_up_percent).toBeDefined();
    expect((await create({ ramp_up_percent: [50] })).ramp_up_percent).toBeDefined();
    expect((await create({ milestones: [{ title: 'Late', month: 99 }] })).milestones?.message).toMatch(/month must be a whole number from 0 to 60/);
    expect((await create({ stakeholders: Array.from({ length: 21 }, () => ({ name: 'A' })) })).stakeholders?.message).toBe('Stakeholders: at most 20 entries.');
    expect((await create({ risk_items: [{ risk: 'x'.repeat(501) }] })).risk_items).toBeDefined();
    expect((await create({ stakeholders: 'everyone' })).stakeholders?.message).toBe('Stakeholders must be a list.');
    expect((await create({ source_use_case: { kind: 'elsewhere', id: 'x', title: 'y' } })).source_use_case).toBeDefined();
    expect((await create({ title: '   ' })).title?.message).toBe('Give the business case a title.');
    expect((await create({ currency: 'USD' })).currency).toBeDefined();
  });

  it('checks an update as merged into the stored case: a bad patch is refused and the case stays as it was', async () => {
    const mine = owner.client.collection('business_cases');
    const created = await mine.create(fullCase(owner.id));
    const errors = await fieldErrors(() => mine.update(created.id, { hourly_rate_cents: -5 }));
    expect(errors.hourly_rate_cents?.message).toBe('The hourly rate must be between $0 and $10,000.');
    expect(await fieldErrors(() => mine.update(created.id, { title: '' }))).toHaveProperty('title');
    const stored = await mine.getOne(created.id);
    expect([stored.hourly_rate_cents, stored.title]).toEqual([5_000, 'Invoice coding assistant']);
    // A good patch of one field goes through and leaves the rest.
    await mine.update(created.id, { discount_rate_percent: 5.5 });
    expect((await mine.getOne(created.id)).discount_rate_percent).toBe(5.5);
    expect((await mine.getOne(created.id)).one_off_costs).toEqual([{ label: 'Integration', amount_cents: 4_000_000 }]);
  });

  it('a case of only a title, as a first autosave makes, is accepted', async () => {
    const created = await owner.client.collection('business_cases').create({ owner: owner.id, title: 'Just started', status: 'draft' });
    expect(created.title).toBe('Just started');
  });
});
