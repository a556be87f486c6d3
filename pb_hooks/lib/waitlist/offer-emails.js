/// <reference path="../../../pb_data/types.d.ts" />
// The waitlist offer email (lib/waitlist/offers.js sends it): a seat is held
// for the person until the offer expires, with a link to claim it and one to
// decline it. Both links carry a token, so the outbox copy administrators
// read shows them without it (`[hidden]`) and the working message goes to
// email_secrets, like the invitation's.

const TEMPLATE = "waitlist_offer";


/**
 * @param {{fullName: string, email: string, event: object, price: string, heldUntil: string, claimUrl: string, declineUrl: string}} data
 *   event: lib/events/facts.js eventFacts(); heldUntil: "Friday 3 December 2027, 2:00 pm ACDT"
 */
function offerContent(data) {
  return {
    preheader: `A seat at the ${data.event.title} is held for you until ${data.heldUntil}.`,
    heading: "A seat has opened up for you",
    greeting: data.fullName ? `Hi ${data.fullName},` : "Hello,",
    paragraphs: [
      `A seat has become free at the ${data.event.title} on ${data.event.when}, and you are next on its waitlist, so we are holding it for you.`,
      `The seat is yours until ${data.heldUntil}. Claim it before then: after that it goes to the next person on the waitlist.`,
      `Claiming opens the registration form with your details filled in. The seat is ${data.price}; a promo code works too.`,
      `This offer is for ${data.email} only and for one seat.`,
    ],
    details: [
      ...require(`${__hooks}/lib/email/layout.js`).eventRows(data.event),
      ["Held for you until", data.heldUntil],
    ],
    button: { label: "Claim Your Seat", url: data.claimUrl },
    closing: [{
      text: "Can't come? Please decline the seat so the next person gets it sooner.",
      button: { label: "Decline the Seat", url: data.declineUrl },
      plain: `Can't come? Please decline the seat so the next person gets it sooner: ${data.declineUrl}`,
    }],
  };
}

/**
 * The offer email: the outbox copy (links without their tokens) and, as
 * `secret`, the working message, for saveOutboxEmail.
 */
function offerEmail(data) {
  const { redactLinks } = require(`${__hooks}/lib/waitlist/offer-links.js`);
  return require(`${__hooks}/lib/email/layout.js`).renderWithWorkingCopy(TEMPLATE, `A seat at ${require(`${__hooks}/lib/email/layout.js`).theEvent(data.event.title)} on ${data.event.date} is held for you`, {
    working: offerContent(data),
    copy: offerContent({ ...data, claimUrl: redactLinks(data.claimUrl), declineUrl: redactLinks(data.declineUrl) }),
    note: "The working links are only in the message sent to the recipient.",
  });
}

module.exports = { TEMPLATE, offerEmail };
