import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventFacts, eventFactsFromTexts, formatDuration, zoneLabel } from './eventFacts';

const masterclass = {
  starts_at: '2025-06-18 02:00:00.000Z',
  ends_at: '2025-06-18 05:00:00.000Z',
  timezone: 'Australia/Adelaide',
  location: 'Adelaide, South Australia',
  capacity: 50,
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('event facts', () => {
  it('renders the masterclass in Adelaide time', () => {
    expect(eventFacts(masterclass)).toEqual({
      date: 'Wednesday 18 June 2025',
      timeRange: '11:30 am – 2:30 pm ACST',
      when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST',
      duration: '3 hours',
      zoneLabel: 'Adelaide time',
      city: 'Adelaide',
      capacity: 'Limited to 50 participants',
    });
  });

  it.each(['America/New_York', 'Pacific/Honolulu', 'UTC', 'Asia/Kolkata'])(
    'does not depend on the process time zone (%s)',
    (zone) => {
      vi.stubEnv('TZ', zone);
      const facts = eventFacts({ ...masterclass, starts_at: '2025-06-18T02:00:00Z', ends_at: '2025-06-18T05:00:00Z' });
      expect(facts.date).toBe('Wednesday 18 June 2025');
      expect(facts.timeRange).toBe('11:30 am – 2:30 pm ACST');
    },
  );

  it('ignores a process zone where the instant falls on another local day', () => {
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    expect(new Date('2025-06-18T02:00:00Z').getDate()).toBe(17);
    expect(eventFacts(masterclass).date).toBe('Wednesday 18 June 2025');
  });

  it("follows the event's own zone: the same instant in London is a different local time", () => {
    const facts = eventFacts({ ...masterclass, timezone: 'Europe/London' });
    expect(facts.date).toBe('Wednesday 18 June 2025');
    expect(facts.timeRange).toBe('3:00 am – 6:00 am GMT+1');
    expect(facts.zoneLabel).toBe('London time');
  });

  it('crosses midnight into the previous day west of UTC', () => {
    const facts = eventFacts({ ...masterclass, timezone: 'America/Los_Angeles' });
    expect(facts.date).toBe('Tuesday 17 June 2025');
    expect(facts.timeRange).toBe('7:00 pm – 10:00 pm GMT-7');
    expect(facts.zoneLabel).toBe('Los Angeles time');
  });

  it('uses the capacity from the record', () => {
    expect(eventFacts({ ...masterclass, capacity: 80 }).capacity).toBe('Limited to 80 participants');
  });
});

describe('formatting helpers', () => {
  it('says durations in hours and minutes', () => {
    const at = (iso: string) => new Date(iso);
    expect(formatDuration(at('2025-06-18T02:00:00Z'), at('2025-06-18T03:00:00Z'))).toBe('1 hour');
    expect(formatDuration(at('2025-06-18T02:00:00Z'), at('2025-06-18T04:30:00Z'))).toBe('2 hours 30 minutes');
    expect(formatDuration(at('2025-06-18T02:00:00Z'), at('2025-06-18T02:45:00Z'))).toBe('45 minutes');
  });

  it('names the zone by its city', () => {
    expect(zoneLabel('Australia/Adelaide')).toBe('Adelaide time');
  });
});

describe('event facts from the words the server sent', () => {
  it('are the facts the app would say itself', () => {
    const texts = { date: 'Wednesday 18 June 2025', when: 'Wednesday 18 June 2025, 11:30 am – 2:30 pm ACST' };
    expect(eventFactsFromTexts(masterclass, texts)).toEqual(eventFacts(masterclass));
  });
});
