// The event's phase on the server (pb_hooks/lib/events/phase.js): the same rule
// and the same date wording as the app (src/lib/eventPhase.ts,
// src/lib/eventWhen.ts), and the registration route refusing paid and promo
// registrations once the event has started or taken place, whatever its sales
// state, while the waitlist still takes interest in the next one.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { eventPhase as appPhase, PHASES as APP_PHASES, type PhaseSource } from '@/lib/eventPhase';
import { formatEventWhen } from '@/lib/eventWhen';
import { loadHookModule } from '../support/hook-module';
import type { TestServer } from '../support/pocketbase';
import { serverForFile } from './helpers';
import { counts, emailsOf, openSales, paidBody, promoBody, register, updateEvent, waitlistBody, LIMITS_RAISED } from './registration-helpers';

interface HookPhase {
  PHASES: string[];
  eventPhase: (event: PhaseSource, now: Date) => string;
}
interface Rendered {
  text: string;
}
interface HookTemplates {
  confirmationEmail: (data: Record<string, unknown>) => Rendered;
  invitationEmail: (data: Record<string, unknown>) => Rendered;
  waitlistEmail: (data: Record<string, unknown>) => Rendered;
}
interface HookFormat {
  formatWhen: (start: string, end: string, zone: string) => string;
}

const hook = loadHookModule<HookPhase>('events/phase');
const format = loadHookModule<HookFormat>('events/format');
const ADELAIDE = 'Australia/Adelaide';

const iso = (adelaide: string) => new Date(adelaide).toISOString().replace('T', ' ');
const EVENTS: PhaseSource[] = [
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'sold_out' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'closed' },
  // across the change to daylight time (5 October 2025) and back (5 April 2026)
  { starts_at: iso('2025-10-05T01:30:00+09:30'), ends_at: iso('2025-10-05T03:30:00+10:30'), sales_state: 'open' },
  { starts_at: iso('2026-04-05T02:30:00+10:30'), ends_at: iso('2026-04-05T02:30:00+09:30'), sales_state: 'sold_out' },
  // bad records: an end before the start, an end equal to it, no end, no start
  { starts_at: '2025-06-18 05:00:00.000Z', ends_at: '2025-06-18 02:00:00.000Z', sales_state: 'open' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 02:00:00.000Z', sales_state: 'open' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '', sales_state: 'closed' },
  { starts_at: '', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'sold_out' },
  // a sales-open time: before it an open event is scheduled, from it on sale; closed and sold out ignore it
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: '2025-02-09 22:30:00.000Z' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'closed', sales_open_at: '2025-02-09 22:30:00.000Z' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'sold_out', sales_open_at: '2025-02-09 22:30:00.000Z' },
  // across daylight saving, after the start (scheduled until the start), unreadable, empty, no start
  { starts_at: iso('2025-10-06T10:00:00+10:30'), ends_at: iso('2025-10-06T13:00:00+10:30'), sales_state: 'open', sales_open_at: iso('2025-10-05T02:30:00+10:30') },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: '2025-06-18 03:00:00.000Z' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: 'soon' },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: '' },
  { starts_at: '', ends_at: '', sales_state: 'open', sales_open_at: '2025-02-09 22:30:00.000Z' },
  // a cancelled masterclass: cancelled before, during and after its dates, whatever its sales state
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'closed', cancelled: true },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: '2025-02-09 22:30:00.000Z', cancelled: true },
  { starts_at: '', ends_at: '', sales_state: 'sold_out', cancelled: true },
  { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', cancelled: false },
];

/** Every boundary of every event, a millisecond either side, and a time long before and after. */
function momentsAround(event: PhaseSource): Date[] {
  const points = [event.starts_at, event.ends_at, event.sales_open_at ?? '']
    .filter(Boolean)
    .filter((value) => !Number.isNaN(Date.parse(value.replace(' ', 'T')))).map((value) => new Date(value.replace(' ', 'T')).getTime());
  const moments = points.flatMap((point) => [point - 1, point, point + 1]);
  return [...moments, Date.parse('2020-01-01T00:00:00Z'), Date.parse('2040-01-01T00:00:00Z')].map((ms) => new Date(ms));
}

describe('one rule on both sides', () => {
  it('names the same seven phases', () => {
    expect(hook.PHASES).toEqual(['scheduled', 'on_sale', 'sold_out', 'closed', 'happening', 'past', 'cancelled']);
    expect(hook.PHASES).toEqual([...APP_PHASES]);
  });

  it('a cancelled masterclass is cancelled at every moment, on both sides', () => {
    const event: PhaseSource = { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', cancelled: true };
    for (const phase of [hook.eventPhase, appPhase]) {
      for (const moment of momentsAround(event)) expect(phase(event, moment)).toBe('cancelled');
      expect(phase({ ...event, cancelled: false }, new Date('2025-01-01T00:00:00Z'))).toBe('on_sale');
    }
  });

  it('an open event with a sales-open time still to come is scheduled, and on sale from that instant on', () => {
    const event: PhaseSource = { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z', sales_state: 'open', sales_open_at: '2025-02-09 22:30:00.000Z' };
    const opens = Date.parse('2025-02-09T22:30:00Z');
    for (const phase of [hook.eventPhase, appPhase]) {
      expect(phase(event, new Date(opens - 1))).toBe('scheduled');
      expect(phase(event, new Date(opens))).toBe('on_sale');
      expect(phase({ ...event, sales_state: 'closed' }, new Date(opens - 1))).toBe('closed');
      expect(phase({ ...event, sales_open_at: '' }, new Date(opens - 1))).toBe('on_sale');
      expect(phase(event, new Date('2025-06-18T02:00:00Z'))).toBe('happening');
    }
  });

  it('the server and the app agree on the phase at every boundary, in either daylight-saving change and for bad records', () => {
    const seen = new Set<string>();
    for (const event of EVENTS) {
      for (const now of momentsAround(event)) {
        const phase = hook.eventPhase(event, now);
        expect(phase, `${JSON.stringify(event)} at ${now.toISOString()}`).toBe(appPhase(event, now));
        seen.add(phase);
      }
    }
    expect([...seen].sort()).toEqual([...hook.PHASES].sort());
  });

  it('the emails say when the event is exactly as the pages do', () => {
    for (const event of EVENTS.filter((e) => e.starts_at)) {
      const when = formatEventWhen({ ...event, timezone: ADELAIDE });
      expect(format.formatWhen(event.starts_at, event.ends_at || event.starts_at, ADELAIDE)).toBe(when);
    }
    expect(format.formatWhen('2025-06-18 02:00:00.000Z', '2025-06-18 05:00:00.000Z', ADELAIDE)).toBe('Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST');
    const midnight = ['2025-06-18 12:30:00.000Z', '2025-06-18 15:30:00.000Z'] as const;
    expect(format.formatWhen(...midnight, ADELAIDE)).toBe(formatEventWhen({ starts_at: midnight[0], ends_at: midnight[1], timezone: ADELAIDE }));
  });
});

describe('emails in the tense of the phase (lib/email/templates.js)', () => {
  const templates = loadHookModule<HookTemplates>('email/templates');
  const event = (phase: string) => ({
    title: 'AI CHAMPIONS MASTERCLASS', date: 'Wednesday 18 June 2025', when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
    venue: 'Lot Fourteen', location: 'Adelaide', calendarUrl: 'http://localhost/api/masterclass/event.ics', phase,
  });

  it('a confirmation sent while the event is under way says so; before it, it looks forward to welcoming you', () => {
    const data = { fullName: 'Ada', attendees: ['Ada'], amount: 'AUD 495.00' };
    expect(templates.confirmationEmail({ ...data, event: event('happening') }).text).toContain(
      'the masterclass is under way now (Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST), so please come straight to the venue',
    );
    const before = templates.confirmationEmail({ ...data, event: event('sold_out') }).text;
    expect(before).toContain('we look forward to welcoming you in person');
    expect(before).toContain('When: Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST');
  });

  it('an invitation sent after the event says it took place and the tools stay available', () => {
    const data = { fullName: 'Ada', email: 'ada@example.com', link: 'http://localhost/auth?x=1' };
    expect(templates.invitationEmail({ ...data, event: event('past') }).text).toContain(
      "The masterclass took place on Wednesday 18 June 2025. The portal's tools and the session materials stay available to you after the event.",
    );
    expect(templates.invitationEmail({ ...data, event: event('sold_out') }).text).not.toContain('stay available');
  });
});

let server: TestServer;
let su: PocketBase;

serverForFile((started) => ({ server, su } = started), { env: LIMITS_RAISED });

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace('T', ' ');

async function promoCode(): Promise<string> {
  const seed = await su.collection('promo_codes').getFirstListItem('code = "CHAMPION2025"');
  await su.collection('promo_codes').update(seed.id, { expires_at: minutesFromNow(24 * 60), active: true, max_uses: 1000 });
  return 'CHAMPION2025';
}

describe('registration in each phase', () => {
  it('sells seats while an upcoming event is on sale', async () => {
    await openSales(su);
    expect((await register(server, paidBody(1))).status).toBe(201);
    expect((await register(server, promoBody(await promoCode()))).status).toBe(201);
  });

  it('refuses paid and promo registrations while the event is under way, even with sales open, creating nothing', async () => {
    await openSales(su, { starts_at: minutesFromNow(-10), ends_at: minutesFromNow(170) });
    const code = await promoCode();
    const before = await counts(su);
    for (const body of [paidBody(1), promoBody(code)]) {
      const { status, body: answer } = await register(server, body);
      expect(status).toBe(409);
      expect(answer).toMatchObject({
        message: 'This masterclass is under way, so registration for it has closed. Please register your interest in future events instead.',
        data: { sales: { code: 'event_started' } },
      });
    }
    expect(await counts(su)).toEqual(before);
  });

  it('refuses paid and promo registrations once the event has taken place, naming its date', async () => {
    await openSales(su, { starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z' });
    const code = await promoCode();
    const before = await counts(su);
    for (const body of [paidBody(2), promoBody(code)]) {
      const { status, body: answer } = await register(server, body);
      expect(status).toBe(409);
      expect(answer.data.sales).toEqual({
        code: 'event_over',
        message: 'This masterclass took place on Wednesday 18 June 2025, so registration for it has closed. Please register your interest in the next one instead.',
      });
    }
    expect(await counts(su)).toEqual(before);
  });

  it('the waitlist takes interest in the next masterclass after the event, and its email says the event took place', async () => {
    await updateEvent(su, { sales_state: 'sold_out', starts_at: '2025-06-18 02:00:00.000Z', ends_at: '2025-06-18 05:00:00.000Z' });
    const { status, body } = await register(server, waitlistBody());
    expect(status).toBe(201);
    const [email] = await emailsOf(su, body.registrationId);
    expect(email.text).toContain('The AI CHAMPIONS MASTERCLASS took place on Wednesday 18 June 2025, so we have added you to the list for the next masterclass.');
    expect(email.text).not.toContain('fully booked');
  });

  it('during the event the waitlist email says it is under way, with the one date format', async () => {
    const starts = minutesFromNow(-30);
    const ends = minutesFromNow(150);
    await updateEvent(su, { sales_state: 'sold_out', starts_at: starts, ends_at: ends });
    const { status, body } = await register(server, waitlistBody());
    expect(status).toBe(201);
    const [email] = await emailsOf(su, body.registrationId);
    const when = formatEventWhen({ starts_at: starts, ends_at: ends, timezone: ADELAIDE });
    expect(email.text).toContain(`is under way today (${when}) and registration for it has closed`);
  });

  it('before the event the waitlist email keeps saying it is fully booked', async () => {
    await openSales(su, { sales_state: 'sold_out' });
    const { body } = await register(server, waitlistBody());
    const [email] = await emailsOf(su, body.registrationId);
    expect(email.text).toContain('The AI CHAMPIONS MASTERCLASS on Wednesday 18 June 2031 is fully booked');
  });
});
