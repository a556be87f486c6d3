// What emails say about an event (pb_hooks/lib/events/facts.js): each JS
// runtime keeps the wording of the last few dates it worked out, so the
// wording must follow the event's start, end and time zone as they are now.
import { describe, expect, it } from 'vitest';
import { loadHookModule } from '../support/hook-module';

type Facts = { date: string; time: string; when: string; phase: string; title: string };
const facts = loadHookModule<{ eventFacts: (app: unknown, event: unknown) => Facts }>('events/facts');
const format = loadHookModule<{ parseUtc: (value: string) => Date; formatWhen: (start: Date, end: Date, timezone: string) => string; formatDate: (value: Date, timezone: string) => string }>('events/format');

const app = { settings: () => ({ meta: { appURL: 'https://masterclass.example.com/' } }) };
const event = (fields: Record<string, string>) => {
  const row: Record<string, string> = { title: 'AI Champions Masterclass', sales_state: 'open', timezone: 'Australia/Adelaide', ...fields };
  return { id: 'evt000000000001', getString: (name: string) => row[name] ?? '' };
};
const expected = (starts: string, ends: string, timezone: string) =>
  format.formatWhen(format.parseUtc(starts), format.parseUtc(ends), timezone);

describe('an event’s facts for emails', () => {
  it('follow a moved start, end or time zone, and give the same words for the same dates', () => {
    const first = { starts_at: '2027-03-05 22:30:00.000Z', ends_at: '2027-03-06 06:30:00.000Z' };
    const before = facts.eventFacts(app, event(first));
    expect(before.when).toBe(expected(first.starts_at, first.ends_at, 'Australia/Adelaide'));
    expect(facts.eventFacts(app, event(first))).toMatchObject({ date: before.date, time: before.time, when: before.when });

    const moved = { starts_at: '2027-04-09 23:00:00.000Z', ends_at: '2027-04-10 07:00:00.000Z' };
    const after = facts.eventFacts(app, event(moved));
    expect(after.when).toBe(expected(moved.starts_at, moved.ends_at, 'Australia/Adelaide'));
    expect(after.date).not.toBe(before.date);

    const longer = facts.eventFacts(app, event({ ...first, ends_at: '2027-03-06 08:00:00.000Z' }));
    expect(longer.time).not.toBe(before.time);

    const sydney = facts.eventFacts(app, event({ ...first, timezone: 'Australia/Sydney' }));
    expect(sydney.when).toBe(expected(first.starts_at, first.ends_at, 'Australia/Sydney'));
    expect(sydney.time).not.toBe(before.time);

    // many events later, the first is worked out again, the same as before
    for (let day = 10; day < 30; day += 1) facts.eventFacts(app, event({ starts_at: `2027-05-${day} 00:00:00.000Z`, ends_at: `2027-05-${day} 08:00:00.000Z` }));
    expect(facts.eventFacts(app, event(first)).when).toBe(before.when);
  });
});
