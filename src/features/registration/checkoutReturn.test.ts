import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import type { CheckoutStatus } from '@/lib/checkoutStatus';
import { confirmCheckout } from './checkoutReturn';

const status = (value: CheckoutStatus['status']): CheckoutStatus => ({
  registrationId: 'r1',
  status: value,
  kind: 'paid',
  attendeeCount: 2,
  totalAmountCents: 99000,
  currency: 'AUD',
  emailWarning: false,
});

function run(...answers: (CheckoutStatus | Error)[]) {
  const fetchStatus = vi.fn(async () => {
    const answer = answers.shift();
    if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
    return answer;
  });
  const wait = vi.fn(async () => {});
  return { fetchStatus, wait, outcome: confirmCheckout('cs_1', { fetchStatus, wait }) };
}

describe('confirmCheckout', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('confirms a paid or completed registration at once', async () => {
    const paid = run(status('paid'));
    expect(await paid.outcome).toEqual({ kind: 'confirmed', status: status('paid') });
    expect(paid.fetchStatus).toHaveBeenCalledTimes(1);
    expect(await run(status('completed')).outcome).toMatchObject({ kind: 'confirmed' });
  });

  it('asks again while pending or unreachable, at most three times, backing off in between', async () => {
    const late = run(status('pending'), new ClientResponseError({ status: 0 }), status('completed'));
    expect(await late.outcome).toMatchObject({ kind: 'confirmed' });
    expect(late.wait.mock.calls).toEqual([[1000], [2000]]);

    const never = run(status('pending'), status('pending'), status('pending'), status('paid'));
    expect(await never.outcome).toEqual({ kind: 'unconfirmed' });
    expect(never.fetchStatus).toHaveBeenCalledTimes(3);
    expect(never.wait).toHaveBeenCalledTimes(2);
  });

  it('stops on an unknown session, another browser\'s simulated checkout (403) and on a registration that ended without payment', async () => {
    const missing = run(new ClientResponseError({ status: 404, response: { message: 'Registration not found for this session' } }));
    expect(await missing.outcome).toEqual({ kind: 'not_found' });
    expect(missing.fetchStatus).toHaveBeenCalledTimes(1);
    const othersCheckout = run(new ClientResponseError({ status: 403, response: { message: 'This checkout belongs to the browser that started it' } }));
    expect(await othersCheckout.outcome).toEqual({ kind: 'not_found' });
    expect(othersCheckout.fetchStatus).toHaveBeenCalledTimes(1);
    expect(await run(status('expired')).outcome).toEqual({ kind: 'not_completed' });
    expect(await run(status('cancelled')).outcome).toEqual({ kind: 'not_completed' });
  });
});
