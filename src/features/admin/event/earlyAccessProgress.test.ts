import { describe, expect, it } from 'vitest';
import { addBatch, emails, people, percentDone, startProgress } from './earlyAccessProgress';

const batch = (sent: number, remaining: number, failed = 0, skipped = 0) => ({ sent, failed, skipped, remaining, totalSent: 0, failures: [], window: null });

describe('early-access progress', () => {
  it('adds batches until none remains', () => {
    let progress = startProgress(120);
    expect(percentDone(progress)).toBe(0);
    progress = addBatch(progress, batch(50, 70));
    expect(progress).toMatchObject({ total: 120, sent: 50, remaining: 70 });
    expect(percentDone(progress)).toBe(42);
    progress = addBatch(progress, batch(48, 20, 2));
    progress = addBatch(progress, batch(19, 0, 0, 1));
    expect(progress).toMatchObject({ total: 120, sent: 117, failed: 2, skipped: 1, remaining: 0 });
    expect(percentDone(progress)).toBe(100);
  });

  it('grows the total when people join a waitlist meanwhile', () => {
    const progress = addBatch(startProgress(10), batch(10, 3));
    expect(progress.total).toBe(13);
    expect(percentDone(progress)).toBe(77);
  });

  it('says nothing to send as done', () => {
    expect(percentDone(startProgress(0))).toBe(100);
  });

  it('counts people and emails in words', () => {
    expect(people(1)).toBe('1 person');
    expect(people(1200)).toBe('1,200 people');
    expect(emails(1)).toBe('1 early-access email');
    expect(emails(0)).toBe('0 early-access emails');
  });
});
