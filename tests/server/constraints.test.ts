// Field constraints of every collection: each row sends a body that breaks
// exactly one rule of the schema (as the superuser, so API rules and rate
// limits are out of the way) and expects PocketBase's field error for it.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { masterclassEvent } from '../support/masterclassEvent';
import type { TestServer } from '../support/pocketbase';
import { createUser, fieldErrors, samplePdf, serverForFile, unique, type TestUser } from './helpers';

type Body = Record<string, unknown>;

let server: TestServer;
let su: PocketBase;
let owner: TestUser;
let eventId: string;
let registrationId: string;
let useCaseId: string;

// Valid bodies; each case overrides (or removes, with undefined) one field.
const valid: Record<string, () => Body> = {
  events: () => ({
    title: 'Workshop', starts_at: '2026-09-01 00:00:00.000Z', ends_at: '2026-09-01 03:00:00.000Z', timezone: 'Australia/Adelaide',
    location: 'Adelaide', capacity: 20, price_cents: 1000, currency: 'AUD', sales_state: 'open', portal_unlock_at: '2026-08-31 23:00:00.000Z', max_per_registration: 10,
  }),
  promo_codes: () => ({ code: unique('CODE'), event: eventId, max_uses: 5, active: true }),
  speakers: () => ({ event: eventId, name: 'Speaker', role: 'Chief Data Officer' }),
  materials: () => ({ event: eventId, title: 'Handout', file: samplePdf() }),
  registrations: () => ({ event: eventId, kind: 'paid', status: 'pending', primary_email: 'buyer@test.local', currency: 'AUD' }),
  attendees: () => ({ registration: registrationId, event: eventId, full_name: 'Alex Example', email: `${unique('a')}@test.local`, registration_status: 'confirmed' }),
  users: () => ({ email: `${unique('u')}@test.local`, password: 'password-123', passwordConfirm: 'password-123', role: 'attendee' }),
  ai_use_cases: () => ({ title: unique('Use case '), industry: 'Retail', tags: ['a', 'b', 'c'] }),
  readiness_assessments: () => ({ owner: owner.id, status: 'in_progress' }),
  business_cases: () => ({ owner: owner.id, title: 'Case', status: 'draft' }),
  saved_use_cases: () => ({ owner: owner.id, title: 'Saved' }),
  emails: () => ({ to: 'someone@test.local', subject: 'Hello', status: 'queued' }),
  contact_messages: () => ({ name: 'Jo', email: 'jo@test.local', subject: 'Hi', message: 'Hello there' }),
  stripe_events: () => ({ event_id: unique('evt_'), type: 'checkout.session.completed' }),
  tombstones: () => ({ collection: 'events', record_id: unique() }),
};

interface ConstraintCase {
  collection: string;
  breaks: string;
  body: Body;
  field: string;
  code: string;
}

const cases = (): ConstraintCase[] => [
  { collection: 'events', breaks: 'title required', body: { title: '' }, field: 'title', code: 'validation_required' },
  { collection: 'events', breaks: 'price never negative', body: { price_cents: -1 }, field: 'price_cents', code: 'validation_min_number_constraint' },
  { collection: 'events', breaks: 'price in whole cents', body: { price_cents: 10.5 }, field: 'price_cents', code: 'validation_only_int_constraint' },
  { collection: 'events', breaks: 'capacity at least 1', body: { capacity: 0 }, field: 'capacity', code: 'validation_required' },
  { collection: 'events', breaks: 'currency is 3 capitals', body: { currency: 'aud' }, field: 'currency', code: 'validation_invalid_format' },
  { collection: 'events', breaks: 'sales_state values', body: { sales_state: 'maybe' }, field: 'sales_state', code: 'validation_invalid_value' },
  { collection: 'events', breaks: 'timezone is an IANA name', body: { timezone: 'UTC+9:30' }, field: 'timezone', code: 'validation_invalid_format' },
  { collection: 'promo_codes', breaks: 'code characters', body: { code: 'FREE TICKET!' }, field: 'code', code: 'validation_invalid_format' },
  { collection: 'promo_codes', breaks: 'used_count never negative', body: { used_count: -1 }, field: 'used_count', code: 'validation_min_number_constraint' },
  { collection: 'promo_codes', breaks: 'event required', body: { event: '' }, field: 'event', code: 'validation_required' },
  { collection: 'speakers', breaks: 'website is a URL', body: { website: 'not a url' }, field: 'website', code: 'validation_invalid_url' },
  { collection: 'speakers', breaks: 'image is an image', body: { image: new File(['plain text'], 'photo.txt', { type: 'text/plain' }) }, field: 'image', code: 'photo_type' }, // the photo hook judges the bytes before the field's own type list
  { collection: 'materials', breaks: 'file required', body: { file: undefined }, field: 'file', code: 'validation_required' },
  { collection: 'materials', breaks: 'file type', body: { file: new File([new Uint8Array([0x4d, 0x5a, 0x90, 0])], 'tool.exe') }, field: 'file', code: 'validation_invalid_mime_type' },
  { collection: 'registrations', breaks: 'primary_email is an email', body: { primary_email: 'not-an-email' }, field: 'primary_email', code: 'validation_is_email' },
  { collection: 'registrations', breaks: 'kind values', body: { kind: 'free' }, field: 'kind', code: 'validation_invalid_value' },
  { collection: 'registrations', breaks: 'total never negative', body: { total_amount_cents: -100 }, field: 'total_amount_cents', code: 'validation_min_number_constraint' },
  { collection: 'attendees', breaks: 'full_name at least 2', body: { full_name: 'A' }, field: 'full_name', code: 'validation_min_text_constraint' },
  { collection: 'attendees', breaks: 'email is an email', body: { email: 'alex@' }, field: 'email', code: 'validation_is_email' },
  { collection: 'attendees', breaks: 'role is a spec role', body: { role: 'CEO' }, field: 'role', code: 'validation_invalid_value' },
  { collection: 'attendees', breaks: 'registration_status values', body: { registration_status: 'pending' }, field: 'registration_status', code: 'validation_invalid_value' },
  { collection: 'attendees', breaks: 'phone characters', body: { phone_number: 'call me maybe' }, field: 'phone_number', code: 'validation_invalid_format' },
  { collection: 'users', breaks: 'password at least 8', body: { password: 'short12', passwordConfirm: 'short12' }, field: 'password', code: 'validation_min_text_constraint' },
  { collection: 'users', breaks: 'role required', body: { role: undefined }, field: 'role', code: 'validation_required' },
  { collection: 'users', breaks: 'role values', body: { role: 'owner' }, field: 'role', code: 'validation_invalid_value' },
  { collection: 'users', breaks: 'industry values', body: { industry: 'space' }, field: 'industry', code: 'validation_invalid_value' },
  { collection: 'users', breaks: 'linkedin_url is a URL', body: { linkedin_url: 'linkedin' }, field: 'linkedin_url', code: 'validation_invalid_url' },
  { collection: 'ai_use_cases', breaks: 'title required', body: { title: '' }, field: 'title', code: 'validation_required' },
  { collection: 'ai_use_cases', breaks: 'title at most 200', body: { title: 'x'.repeat(201) }, field: 'title', code: 'validation_max_text_constraint' },
  { collection: 'ai_use_cases', breaks: 'adoption_level values', body: { adoption_level: 'Ubiquitous' }, field: 'adoption_level', code: 'validation_invalid_value' },
  { collection: 'readiness_assessments', breaks: 'score at most 100', body: { score: 101 }, field: 'score', code: 'validation_max_number_constraint' },
  { collection: 'readiness_assessments', breaks: 'owner required', body: { owner: '' }, field: 'owner', code: 'validation_required' },
  // The business case hook (pb_hooks/business-case.pb.js) checks amounts before the field constraints do.
  { collection: 'business_cases', breaks: 'costs never negative', body: { estimated_cost_cents: -5 }, field: 'estimated_cost_cents', code: 'business_case_invalid' },
  { collection: 'business_cases', breaks: 'status values', body: { status: 'approved' }, field: 'status', code: 'validation_invalid_value' },
  { collection: 'saved_use_cases', breaks: 'use_case exists', body: { use_case: 'abcdefghijklmno' }, field: 'use_case', code: 'validation_missing_rel_records' },
  { collection: 'emails', breaks: 'to is an email', body: { to: 'nobody' }, field: 'to', code: 'validation_is_email' },
  { collection: 'emails', breaks: 'status values', body: { status: 'lost' }, field: 'status', code: 'validation_invalid_value' },
  { collection: 'contact_messages', breaks: 'email is an email', body: { email: 'jo at example' }, field: 'email', code: 'validation_is_email' },
  { collection: 'contact_messages', breaks: 'name at most 200', body: { name: 'n'.repeat(201) }, field: 'name', code: 'validation_max_text_constraint' },
  { collection: 'contact_messages', breaks: 'subject required', body: { subject: '' }, field: 'subject', code: 'validation_required' },
  { collection: 'contact_messages', breaks: 'message at most 5000', body: { message: 'm'.repeat(5001) }, field: 'message', code: 'validation_max_text_constraint' },
  { collection: 'stripe_events', breaks: 'event id format', body: { event_id: 'cs_test_123' }, field: 'event_id', code: 'validation_invalid_format' },
  { collection: 'tombstones', breaks: 'record_id required', body: { record_id: '' }, field: 'record_id', code: 'validation_required' },
];

function withOverride(base: Body, override: Body): Body {
  const body = { ...base, ...override };
  for (const [key, value] of Object.entries(override)) if (value === undefined) delete body[key];
  return body;
}

serverForFile((started) => ({ server, su } = started));

beforeAll(async () => {
  owner = await createUser(server, su, 'attendee');
  eventId = (await masterclassEvent(su)).id;
  registrationId = (await su.collection('registrations').create(valid.registrations())).id;
  useCaseId = (await su.collection('ai_use_cases').getList(1, 1)).items[0].id;
});

describe('valid bodies are accepted', () => {
  it.each(Object.keys(valid))('%s', async (collection) => {
    expect(await fieldErrors(() => su.collection(collection).create(valid[collection]()))).toEqual({});
  });
});

describe('constraints', () => {
  it.each(cases())('$collection: $breaks', async ({ collection, body, field, code }) => {
    const errors = await fieldErrors(() => su.collection(collection).create(withOverride(valid[collection](), body)));
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field].code).toBe(code);
  });
});

describe('unique indexes', () => {
  const duplicate = async (collection: string, body: Body) => {
    await su.collection(collection).create(body);
    return fieldErrors(() => su.collection(collection).create(body));
  };

  it('promo codes are unique regardless of case', async () => {
    const code = unique('Spring');
    await su.collection('promo_codes').create({ ...valid.promo_codes(), code: code.toUpperCase() });
    const errors = await fieldErrors(() => su.collection('promo_codes').create({ ...valid.promo_codes(), code: code.toLowerCase() }));
    expect(errors.code?.code).toBe('validation_not_unique');
  });

  it('a Stripe checkout session belongs to one registration; unset ones do not clash', async () => {
    const errors = await duplicate('registrations', { ...valid.registrations(), stripe_session_id: unique('cs_test_') });
    expect(errors.stripe_session_id?.code).toBe('validation_not_unique');
    await su.collection('registrations').create(valid.registrations());
    await su.collection('registrations').create(valid.registrations());
  });

  it('a Stripe event is recorded once', async () => {
    const errors = await duplicate('stripe_events', valid.stripe_events());
    expect(errors.event_id?.code).toBe('validation_not_unique');
  });

  it('an email appears once per registration, in any case', async () => {
    const email = `${unique('Dup')}@Test.local`;
    await su.collection('attendees').create({ ...valid.attendees(), email });
    const errors = await fieldErrors(() => su.collection('attendees').create({ ...valid.attendees(), email: email.toLowerCase() }));
    expect(Object.values(errors).map((error) => error.code)).toContain('validation_not_unique');
  });

  it('a user account per email', async () => {
    const errors = await duplicate('users', valid.users());
    expect(errors.email?.code).toBe('validation_not_unique');
  });

  it('one bookmark per user and library use case', async () => {
    const errors = await duplicate('saved_use_cases', { ...valid.saved_use_cases(), use_case: useCaseId });
    expect(Object.values(errors).map((error) => error.code)).toContain('validation_not_unique');
  });
});

describe('public contact form', () => {
  it('tells a guest which field is wrong', async () => {
    const errors = await fieldErrors(() =>
      server.guest().collection('contact_messages').create({ ...valid.contact_messages(), email: 'nope', message: '' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['email', 'message']);
    expect(errors.email.code).toBe('validation_is_email');
    expect(errors.message.code).toBe('validation_required');
  });
});
