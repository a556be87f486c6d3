// A discount order's Stripe Checkout Session: the line item charges the
// discounted price per seat and names the discount, stripe-mock accepts the
// request (it checks every field against Stripe's API), and the payment
// Stripe reports is the total the order kept; its tax invoice carries it.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/pocketbase';
import type { StripeMock } from '../support/stripe-mock';
import { masterclassEvent } from '../support/masterclassEvent';
import { unique } from './helpers';
import { minutesFromNow, post } from './registration-helpers';
import { buyer, checkoutEvent, deliverWebhook, stripeServerForFile } from './stripe-helpers';

let stripeMock: StripeMock;
let server: TestServer;
let su: PocketBase;

stripeServerForFile((started) => ({ stripeMock, server, su } = started));

async function discountCode(patch: Record<string, unknown>) {
  const event = await masterclassEvent(su);
  await su.collection('events').update(event.id, { price_cents: 49500 });
  return su.collection('promo_codes').create({
    code: unique('TEAM').toUpperCase(), event: event.id, max_uses: 20, used_count: 0, expires_at: minutesFromNow(60), active: true, ...patch,
  });
}

async function registerWith(code: string, seats: number) {
  const answer = await post(server, '/api/masterclass/registrations', {
    mode: 'paid', attendees: Array.from({ length: seats }, () => buyer()), promoCode: code, privacyConsent: true, marketingConsent: false,
  });
  expect(answer.status).toBe(201);
  return answer.body as { registrationId: string; sessionId: string };
}

function sessionRequest(registrationId: string) {
  return stripeMock.requests.find((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions'
    && request.form.client_reference_id === registrationId);
}

describe('a discount order through Stripe Checkout', () => {
  it('charges 20 % off each seat: the line item\'s unit amount is the discounted price, the discount named', async () => {
    const code = await discountCode({ kind: 'percent', percent_off: 20 });
    const order = await registerWith(code.code, 2);
    const request = sessionRequest(order.registrationId);
    expect(request, 'the server sent a Checkout Session request').toBeDefined();
    expect(request!.status).toBe(200);
    expect(request!.form).toMatchObject({
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'aud',
      'line_items[0][price_data][unit_amount]': '39600',
      'line_items[0][price_data][product_data][name]': 'AI CHAMPIONS MASTERCLASS',
      'line_items[0][price_data][product_data][description]':
        `Discount ${code.code}: 20% off each seat: AUD 495.00 less AUD 99.00 = AUD 396.00 per seat, GST included`,
    });
    expect(Object.keys(request!.form).filter((key) => key.startsWith('line_items[1]'))).toEqual([]);

    // Stripe reports the total paid: the order's own, so nothing is flagged; the invoice carries it.
    await deliverWebhook(server, checkoutEvent('checkout.session.completed', { id: order.sessionId, amount_total: 79200 }));
    const registration = await su.collection('registrations').getOne(order.registrationId);
    expect(['paid', 'completed']).toContain(registration.status);
    expect(registration).toMatchObject({ paid_amount_cents: 79200, total_amount_cents: 79200, unit_price_cents: 39600 });
    expect(registration.needs_review ?? false).toBe(false);
    const [invoice] = await su.collection('tax_documents').getFullList({ filter: su.filter('registration = {:id}', { id: order.registrationId }) });
    expect(invoice).toMatchObject({ amount_cents: 79200, gst_cents: 7200, unit_price_cents: 39600, quantity: 2 });
  });

  it('takes a fixed amount off each seat', async () => {
    const code = await discountCode({ kind: 'amount', amount_off_cents: 12345 });
    const order = await registerWith(code.code, 3);
    expect(sessionRequest(order.registrationId)!.form).toMatchObject({
      'line_items[0][quantity]': '3',
      'line_items[0][price_data][unit_amount]': '37155',
      'line_items[0][price_data][product_data][description]':
        `Discount ${code.code}: AUD 123.45 off each seat: AUD 495.00 less AUD 123.45 = AUD 371.55 per seat, GST included`,
    });
  });

  it('names no discount on an order without a code', async () => {
    const answer = await post(server, '/api/masterclass/registrations', {
      mode: 'paid', attendees: [buyer()], privacyConsent: true, marketingConsent: false,
    });
    const form = sessionRequest(answer.body.registrationId)!.form;
    expect(form['line_items[0][price_data][unit_amount]']).toBe('49500');
    expect(form['line_items[0][price_data][product_data][description]']).toBeUndefined();
  });
});
