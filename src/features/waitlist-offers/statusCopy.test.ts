import { describe, expect, it } from 'vitest';
import { statusCopy } from './statusCopy';
import type { WaitlistStatus } from './waitlistStatusApi';

const event = { id: 'e'.repeat(15), title: 'AI CHAMPIONS MASTERCLASS', starts_at: '', ends_at: '', timezone: 'Australia/Adelaide', location: '', venue: '' };
const base: Pick<WaitlistStatus, 'state' | 'position' | 'claimHours' | 'offer' | 'event'> = { state: 'waiting', position: 3, claimHours: 24, offer: null, event };

describe('statusCopy', () => {
  it('gives the place in the queue and how many are ahead', () => {
    expect(statusCopy(base)).toMatchObject({ title: "You're number 3 in the queue", tone: 'blue' });
    expect(statusCopy(base).text).toBe(
      '2 people are ahead of you. When a seat at the AI CHAMPIONS MASTERCLASS frees up, we email the next person in line and hold the seat for them for 24 hours.',
    );
    expect(statusCopy({ ...base, position: 2, claimHours: 1 }).text).toMatch(/^1 person is ahead of you\..* for 1 hour\.$/);
    expect(statusCopy({ ...base, position: 1 })).toMatchObject({ title: "You're next in line" });
    expect(statusCopy({ ...base, position: 1 }).text).toMatch(/^Nobody is ahead of you\./);
  });

  it('asks an unconfirmed person to confirm, naming the place they take then; says seats are on sale while they are', () => {
    expect(statusCopy({ ...base, state: 'unconfirmed', position: 4 })).toMatchObject({ title: "You'll be number 4 in the queue once you confirm", tone: 'orange' });
    expect(statusCopy({ ...base, state: 'unconfirmed', position: 1 }).title).toBe("You'll be next in line once you confirm");
    expect(statusCopy({ ...base, state: 'unconfirmed' }).text).toContain('offered only to people who have confirmed their email address');
    expect(statusCopy({ ...base, state: 'on_sale' }).text).toContain('on sale right now');
  });

  it('names the deadline of an open offer and of an expired one', () => {
    const offer = { offered_at: '', expires_at: '', expires_text: 'Friday 13 June 2031, 2:00 pm ACST' };
    expect(statusCopy({ ...base, state: 'offered', offer }).text).toContain('Claim it before Friday 13 June 2031, 2:00 pm ACST');
    expect(statusCopy({ ...base, state: 'expired', offer }).text).toContain('not claimed by Friday 13 June 2031, 2:00 pm ACST');
  });

  it('has words for every other state', () => {
    for (const state of ['unconfirmed', 'on_sale', 'paused', 'confirmed', 'declined', 'withdrawn', 'closed', 'unsubscribed', 'not_waiting'] as const) {
      const copy = statusCopy({ ...base, state });
      expect(copy.title.length).toBeGreaterThan(5);
      expect(copy.text.length).toBeGreaterThan(20);
    }
  });
});
