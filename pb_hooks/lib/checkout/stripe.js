/// <reference path="../../../pb_data/types.d.ts" />
// Stripe through its REST API (no SDK in the JSVM): hosted Checkout Sessions,
// refunds and webhook signatures. STRIPE_API_BASE points the calls at
// stripe-mock in tests. Whether Stripe is used at all is decided in
// lib/checkout/mode.js (isStripeConfigured).

const DEFAULT_API_BASE = "https://api.stripe.com";
// Stripe refuses an expires_at less than 30 minutes after it creates the
// session; the margin covers the request's travel time and small clock skew.
// A payment landing after the hold expired is re-checked by fulfilCheckout.
const SESSION_LIFETIME_SECONDS = 30 * 60 + 15;
const SIGNATURE_TOLERANCE_SECONDS = 300;
const REQUEST_TIMEOUT_SECONDS = 20;
const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]+$/;

function env(name) {
  return ($os.getenv(name) || "").trim();
}

function isStripeConfigured() {
  return require(`${__hooks}/lib/checkout/mode.js`).checkoutMode() === "stripe";
}

function apiBase() {
  return (env("STRIPE_API_BASE") || DEFAULT_API_BASE).replace(/\/+$/, "");
}

/**
 * Flattens nested objects and arrays into Stripe's form keys
 * (`line_items[0][price_data][currency]=aud`). null/undefined are left out.
 * @param {Record<string, any>} params
 * @returns {string}
 */
function encodeForm(params) {
  const pairs = [];
  const add = (key, value) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${index}]`, item));
    } else if (typeof value === "object") {
      Object.keys(value).forEach((name) => add(`${key}[${name}]`, value[name]));
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  Object.keys(params).forEach((name) => add(name, params[name]));
  return pairs.join("&");
}

/**
 * One call to the Stripe API. Throws an Error carrying Stripe's own message
 * (and its `stripeCode`, `statusCode`) when Stripe answers with an error, or
 * a clear one when it cannot be reached.
 * @param {{ method: string, path: string, params?: Record<string, any>, idempotencyKey?: string }} request
 * @returns {any} the parsed response object
 */
function stripeRequest({ method, path, params, idempotencyKey }) {
  const secretKey = env("STRIPE_SECRET_KEY");
  if (!secretKey) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is not set).");
  const headers = { Authorization: `Bearer ${secretKey}` };
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const config = { method, url: `${apiBase()}${path}`, headers, timeout: REQUEST_TIMEOUT_SECONDS };
  if (params) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    config.body = encodeForm(params);
  }

  let response;
  try {
    response = $http.send(config);
  } catch (error) {
    throw new Error(`Could not reach Stripe: ${error && error.message ? error.message : error}`);
  }

  let body = null;
  try {
    body = JSON.parse(toString(response.body));
  } catch {
    body = null;
  }
  if (response.statusCode >= 200 && response.statusCode < 300 && body) return body;
  const stripeError = (body && body.error) || {};
  const error = new Error(stripeError.message || `Stripe answered with status ${response.statusCode}.`);
  error.stripeCode = stripeError.code || "";
  error.statusCode = response.statusCode;
  throw error;
}

function field(event, name) {
  return typeof event.get === "function" ? event.get(name) : event[name];
}

/**
 * The checkout's one line item: the seats at the order's price per seat
 * (after any discount, kept on the registration), the discount named in the
 * product's description with the price before it. An order kept without a
 * price per seat (made before it was kept) pays the event's price.
 */
function lineItem(event, quantity, price) {
  const currency = String(field(event, "currency") || "AUD");
  const listPrice = field(event, "price_cents");
  const unitAmount = price && price.unitPriceCents > 0 ? price.unitPriceCents : listPrice;
  const discounted = price && price.discountCents > 0 && price.discountLabel;
  const { formatAmount } = require(`${__hooks}/lib/events/format.js`);
  const productData = { name: field(event, "title") };
  if (discounted) {
    productData.description = `Discount ${price.discountLabel}: ${formatAmount(unitAmount + price.discountCents, currency)} less ${formatAmount(price.discountCents, currency)} = ${formatAmount(unitAmount, currency)} per seat, GST included`;
  }
  return { quantity, price_data: { currency: currency.toLowerCase(), unit_amount: unitAmount, product_data: productData } };
}

/**
 * Creates the hosted Checkout Session for a pending paid registration.
 * @param {{ registrationId: string, event: core.Record|Record<string, any>, quantity: number, customerEmail: string, appUrl?: string,
 *   price?: {unitPriceCents: number, discountCents: number, discountLabel: string} }} input
 * @returns {{ id: string, url: string }}
 */
function createCheckoutSession({ registrationId, event, quantity, customerEmail, appUrl, price }) {
  const baseUrl = (appUrl || $app.settings().meta.appURL).replace(/\/+$/, "");
  const session = stripeRequest({
    method: "POST",
    path: "/v1/checkout/sessions",
    idempotencyKey: registrationId,
    params: {
      mode: "payment",
      client_reference_id: registrationId,
      customer_email: customerEmail,
      expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
      line_items: [lineItem(event, quantity, price)],
      // {CHECKOUT_SESSION_ID} is Stripe's placeholder, replaced by the session id on return.
      success_url: `${baseUrl}/register?success=true&session_id={CHECKOUT_SESSION_ID}&event=${encodeURIComponent(field(event, "id"))}`,
      // Back to the form of this masterclass (a series sells several at once).
      cancel_url: `${baseUrl}/register?cancelled=true&event=${encodeURIComponent(field(event, "id"))}`,
      metadata: { registration_id: registrationId },
      payment_intent_data: { metadata: { registration_id: registrationId } },
    },
  });
  if (!session.id || !session.url) throw new Error("Stripe returned a checkout session without an id or URL.");
  return { id: session.id, url: session.url };
}

/**
 * @param {string} sessionId a Checkout Session id (`cs_…`)
 * @returns {any} the session object (payment_status, payment_intent, amount_total, …)
 */
function retrieveCheckoutSession(sessionId) {
  if (!SESSION_ID_PATTERN.test(sessionId || "")) throw new Error("Invalid Stripe checkout session id.");
  return stripeRequest({ method: "GET", path: `/v1/checkout/sessions/${encodeURIComponent(sessionId)}` });
}

/** A session's payment intent id, whether Stripe sent it as an id or expanded. */
function paymentIntentIdOf(session) {
  const intent = session && session.payment_intent;
  if (typeof intent === "string") return intent;
  return (intent && intent.id) || "";
}

/**
 * Refunds a payment: in full, or `amountCents` of it (one cancelled
 * attendee's share). Called only after commit, from a recorded payment action
 * (lib/checkout/payment-actions.js) whose idempotency key makes a retry never refund
 * twice.
 * @param {{ paymentIntentId: string, registrationId: string, idempotencyKey: string, amountCents?: number, attendeeId?: string }} input
 * @returns {any} the refund object
 */
function refundPayment({ paymentIntentId, registrationId, idempotencyKey, amountCents, attendeeId }) {
  if (!paymentIntentId) throw new Error("Cannot refund: the payment has no payment intent.");
  if (!idempotencyKey) throw new Error("Cannot refund without an idempotency key.");
  const partial = typeof amountCents === "number";
  if (partial && !(Number.isInteger(amountCents) && amountCents > 0)) throw new Error("Cannot refund: the amount must be a positive number of cents.");
  const metadata = { registration_id: registrationId };
  if (attendeeId) metadata.attendee_id = attendeeId;
  return stripeRequest({
    method: "POST",
    path: "/v1/refunds",
    idempotencyKey,
    params: { payment_intent: paymentIntentId, amount: partial ? amountCents : undefined, metadata },
  });
}

/**
 * Checks a `Stripe-Signature` header (`t=…,v1=…[,v1=…]`) over the raw body:
 * HMAC-SHA256 of `${t}.${rawBody}` with the endpoint secret, any v1 may
 * match (secret rotation), and the timestamp must be within 300 s of now.
 * @param {string} rawBody the request body exactly as received
 * @param {string} header
 * @param {string} secret
 * @param {number} nowSeconds
 * @returns {boolean}
 */
function verifyWebhookSignature(rawBody, header, secret, nowSeconds) {
  if (!header || !secret) return false;
  let timestamp = "";
  const signatures = [];
  String(header).split(",").forEach((part) => {
    const separator = part.indexOf("=");
    if (separator < 0) return;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === "t") timestamp = value;
    if (key === "v1" && value) signatures.push(value);
  });
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - parseInt(timestamp, 10)) > SIGNATURE_TOLERANCE_SECONDS) return false;

  const expected = $security.hs256(`${timestamp}.${rawBody}`, secret);
  let matched = false;
  // Every candidate is compared (no early exit) so timing says nothing about which matched.
  signatures.forEach((signature) => {
    if ($security.equal(expected, signature.toLowerCase())) matched = true;
  });
  return matched;
}

module.exports = {
  isStripeConfigured,
  createCheckoutSession,
  retrieveCheckoutSession,
  paymentIntentIdOf,
  refundPayment,
  verifyWebhookSignature,
};
