/// <reference path="../pb_data/types.d.ts" />
// POST /api/masterclass/stripe/webhook — called by Stripe only; trusted
// through the Stripe-Signature header (STRIPE_WEBHOOK_SECRET), no session.
// Logic: lib/checkout/stripe-webhook.js (a refund it owes is made after its commit,
// retried by payment-actions.pb.js).

routerAdd("POST", "/api/masterclass/stripe/webhook", (e) => {
  return require(`${__hooks}/lib/checkout/stripe-webhook.js`).handleStripeWebhook(e);
});
