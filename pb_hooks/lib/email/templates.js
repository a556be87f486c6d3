/// <reference path="../../../pb_data/types.d.ts" />
// The product's emails: registration confirmation, account invitation,
// waitlist confirmation and refund notice. Each returns
// {template, subject, html, text} (lib/email/layout.js renderMessage); `event`
// is lib/events/facts.js eventFacts(). Subjects are sentences that name the
// event as layout.js theEvent() writes it. Messages that carry a credential
// also have an outbox copy without it: administrators read the outbox
// (lib/email/secrets.js).

const TEMPLATES = {
  confirmation: "registration_confirmation",
  invitation: "user_account_invite",
  reminder: "user_access_reminder",
  waitlist: "waitlist_confirmation",
  refund: "refund_notice",
  signInLink: "sign_in_link",
  system: "pocketbase",
};

function layout() {
  return require(`${__hooks}/lib/email/layout.js`);
}

/** The ticket's part of a confirmation: the QR code (inside the message, shown by its Content-ID), the code in groups of four and where else to find it. */
function ticketContent(ticket) {
  const { IMAGE_FILENAME, DISPLAY_WIDTH, QR_SENTENCE } = require(`${__hooks}/lib/tickets/qr.js`);
  return {
    image: {
      src: `cid:${IMAGE_FILENAME}`,
      alt: `QR code of your ticket, code ${groupedCode(ticket.code)}`,
      width: DISPLAY_WIDTH,
      caption: "Your ticket: show this QR code at the door.",
    },
    paragraph: QR_SENTENCE,
    portal: {
      text: "Once you have created your account, the attendee portal shows your ticket too, offline, under Your Ticket.",
      button: { label: "Open Your Ticket", url: ticket.portalUrl },
      plain: `Once you have created your account, the attendee portal shows your ticket too, offline, under Your Ticket: ${ticket.portalUrl}`,
    },
  };
}

/** A ticket code as people read it: in groups of four, as the ticket page shows it (the door takes it typed either way). */
function groupedCode(code) {
  return require(`${__hooks}/lib/tickets/ticket.js`).groupedTicketCode(code);
}

/** The confirmation's line that its calendar file is attached; the tax invoice's sentence follows it when one goes too (lib/email/sending-steps.js). */
const CALENDAR_ATTACHED = "The calendar file is also attached to this email.";

/** The sentence naming the tax invoice a confirmation carries, by its file's name. */
function invoiceAttachedSentence(fileName) {
  return `Your tax invoice is attached (${fileName}).`;
}

/** The confirmation's paragraph on cancelling: the attendee's own link as a button, and the terms' tiers (the text part keeps lib/cancellation/links.js's sentence). */
function cancellationParagraph(cancelUrl) {
  const terms = require(`${__hooks}/lib/cancellation/refund-tiers.js`).TIERS.map((tier) => tier.words).join(" ");
  return {
    text: `Can't come after all? Cancel your registration with the button below, no sign-in needed (or in the attendee portal). Refunds follow our terms: ${terms}`,
    button: { label: "Cancel My Registration", url: cancelUrl },
    plain: require(`${__hooks}/lib/cancellation/links.js`).confirmationCancellationNote(cancelUrl),
  };
}

/**
 * @param {{fullName: string, attendees: string[], amount: string, event: object,
 *   ticket?: {code: string, payload: string, calendarUrl: string, portalUrl: string} | null, cancelUrl?: string, orderUrl?: string}} data
 *   amount: "AUD 990.00" or "FREE"; cancelUrl: the attendee's cancellation link (lib/cancellation/links.js)
 *   orderUrl: the order page's link (lib/orders/links.js), in the buyer's confirmation only
 */
function confirmationEmail(data) {
  const ticket = data.ticket ? ticketContent(data.ticket) : null;
  const cancellation = data.cancelUrl ? require(`${__hooks}/lib/cancellation/links.js`) : null;
  const message = layout().renderMessage(TEMPLATES.confirmation, `Your place at ${layout().theEvent(data.event.title)} is confirmed`, {
    preheader: `You're registered for ${data.event.title} on ${data.event.date}.`,
    heading: "Your registration is confirmed",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      data.event.phase === "happening"
        ? `Thank you for registering for the ${data.event.title}. Your seat is confirmed: the masterclass is under way now (${data.event.when}), so please come straight to the venue.`
        : `Thank you for registering for the ${data.event.title}. Your seat is confirmed and we look forward to welcoming you in person.`,
      ...(ticket ? [ticket.paragraph] : []),
    ],
    image: ticket ? ticket.image : undefined,
    details: [
      ...layout().eventRows(data.event, true),
      [data.attendees.length === 1 ? "Attendee" : "Attendees", data.attendees],
      ["Amount paid", data.amount],
      ...(data.ticket ? [["Ticket code", groupedCode(data.ticket.code)]] : []),
    ],
    button: { label: "Add to Calendar", url: data.ticket ? data.ticket.calendarUrl : data.event.calendarUrl },
    closing: [
      CALENDAR_ATTACHED,
      ...(ticket ? [ticket.portal] : []),
      "You will receive a separate email inviting you to create your account for the attendee portal.",
      ...(data.orderUrl ? [{
        text: "Your order, with every attendee's ticket, the amount paid and the calendar link, is on its own page any time, no sign-in needed. Keep its address to yourself: it opens your tickets.",
        button: { label: "View Your Order", url: data.orderUrl },
        plain: `Your order, with every attendee's ticket, the amount paid and the calendar link, is on this page any time, no sign-in needed: ${data.orderUrl} (keep this link to yourself: it opens your tickets).`,
      }] : []),
      ...(cancellation ? [cancellationParagraph(data.cancelUrl)] : []),
    ],
  });
  // The outbox copy administrators read hides each working link (lib/email/secrets.js).
  const redactions = [
    ...(cancellation ? [cancellation.redactCancellationLinks] : []),
    ...(data.orderUrl ? [require(`${__hooks}/lib/orders/links.js`).redactOrderLinks] : []),
  ];
  return redactions.length > 0 ? layout().withWorkingCopy(message, (text) => redactions.reduce((kept, redact) => redact(kept), text)) : message;
}

/** After the start: the portal's tools and materials do not close with the event. */
function toolsStayNote(event) {
  if (event.phase === "past") return [`The masterclass took place on ${event.date}. The portal's tools and the session materials stay available to you after the event.`];
  if (event.phase === "happening") return ["The masterclass is under way today. The portal's tools and the session materials stay available to you after the event."];
  return [];
}

function invitationContent(data) {
  return {
    preheader: "Create your account to use the attendee portal.",
    heading: "You're invited to the attendee portal",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `As a registered attendee of the ${data.event.title} on ${data.event.date}, you can create your account for the attendee portal: the AI readiness questionnaire, the business case generator, the use case generator and the session materials.`,
      ...toolsStayNote(data.event),
      `This invitation is personal and works only for ${data.email}.`,
    ],
    button: { label: "Create Your Account", url: data.link },
  };
}

const invitationSubject = (data) => `Create your account for ${layout().theEvent(data.event.title)} portal`;

/** @param {{fullName: string, email: string, link: string, event: object}} data */
function invitationEmail(data) {
  return layout().renderMessage(TEMPLATES.invitation, invitationSubject(data), invitationContent(data));
}

/**
 * For an attendee who already has an account: where to sign in, and how to
 * set a new password if it is forgotten. It carries no credential, so the
 * outbox keeps it as sent.
 * @param {{fullName: string, email: string, signInUrl: string, resetUrl: string, event: object}} data
 */
function accessReminderEmail(data) {
  return layout().renderMessage(TEMPLATES.reminder, `Your access to ${layout().theEvent(data.event.title)} portal`, {
    preheader: "Sign in to the attendee portal with the account you already have.",
    heading: "Your attendee portal is ready",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      `You already have an account for the attendee portal of the ${data.event.title} on ${data.event.date}. Sign in with ${data.email} to use the AI tools and the session materials.`,
      ...toolsStayNote(data.event),
    ],
    button: { label: "Sign In", url: data.signInUrl },
    closing: [{
      text: "Forgotten your password? Choose a new one:",
      button: { label: "Choose a New Password", url: data.resetUrl },
      plain: `Forgotten your password? Choose a new one at ${data.resetUrl}.`,
    }],
  });
}

/**
 * The invitation as the outbox keeps it: the copy administrators read, its
 * link's token hidden, and the working message as `secret`.
 * @param {{fullName: string, email: string, link: string, event: object}} data
 */
function invitationOutboxMessage(data) {
  const { redactInvitationLink } = require(`${__hooks}/lib/email/secrets.js`);
  return layout().renderWithWorkingCopy(TEMPLATES.invitation, invitationSubject(data), {
    working: invitationContent(data),
    copy: invitationContent({ ...data, link: redactInvitationLink(data.link) }),
    note: "The working link is only in the message sent to the attendee.",
  });
}

function signInLinkContent(data) {
  return {
    preheader: `Your link to sign in to the attendee portal. It works once, for ${data.minutes} minutes.`,
    heading: "Sign in to the attendee portal",
    greeting: data.fullName ? `Hi ${data.fullName},` : "Hello,",
    paragraphs: [
      `We received a request to sign in to your account (${data.email}) with a link. Use the button below to sign in on the device where you open it: no password needed.`,
      `The link works once and for ${data.minutes} minutes. The device you sign in on is remembered, so from then on it signs in with your password without waiting.`,
    ],
    button: { label: "Sign In", url: data.link },
    closing: ["If you did not ask for this, you can ignore this email: nobody can sign in without the link, and your password stays as it is."],
  };
}

/**
 * The emailed sign-in link (lib/accounts/sign-in-link.js) as the outbox keeps
 * it: the copy administrators read has the link's code hidden; the working
 * message is `secret`.
 * @param {{fullName: string, email: string, link: string, minutes: number}} data
 */
function signInLinkEmail(data) {
  const { HIDDEN } = require(`${__hooks}/lib/email/secrets.js`);
  const redactSignInLink = (link) => String(link).replace(/([?&]code=)[^&#\s]*/g, `$1${HIDDEN}`);
  return layout().renderWithWorkingCopy(TEMPLATES.signInLink, `Your sign-in link for the ${layout().BRAND} portal`, {
    working: signInLinkContent(data),
    copy: signInLinkContent({ ...data, link: redactSignInLink(data.link) }),
    note: "The working link is only in the message sent to the account holder.",
  });
}

/**
 * What the outbox keeps of a mail PocketBase sends itself: its subject and a
 * note. Its body is left out whole, not searched for links: PocketBase's
 * templates are editable in the dashboard, and a one-time code is only digits.
 */
function systemMailOutboxCopy(subject) {
  const { maskCredentials } = require(`${__hooks}/lib/email/secrets.js`);
  const masked = maskCredentials(subject);
  return layout().renderMessage(TEMPLATES.system, masked, {
    preheader: masked,
    heading: masked,
    greeting: "Content withheld from the outbox.",
    paragraphs: [
      "This message from PocketBase (a password reset, email verification, one-time code or sign-in notice) can carry a sign-in secret, so its content is not stored where administrators can read it.",
      "It is delivered to the recipient in full. Without an SMTP server, a superuser reads it in the PocketBase dashboard (collection email_secrets).",
    ],
  });
}

/** Why the list for future events: in the tense of the event's phase. */
function waitlistReason(event) {
  if (event.phase === "past") {
    return `Thank you for registering your interest. The ${event.title} took place on ${event.date}, so we have added you to the list for the next masterclass.`;
  }
  if (event.phase === "happening") {
    return `Thank you for registering your interest. The ${event.title} is under way today (${event.when}) and registration for it has closed, so we have added you to the list for future events.`;
  }
  if (event.phase === "scheduled") {
    return `Thank you. Sales for the ${event.title} on ${event.date} open on ${event.salesOpen}, and we will email you when they open.`;
  }
  if (event.phase === "closed") {
    return `Thank you for registering your interest. Registration for the ${event.title} on ${event.date} has closed, so we have added you to the list for future events.`;
  }
  if (event.phase === "on_sale") {
    return `Thank you for registering your interest. Seats for the ${event.title} on ${event.date} are on sale now, and we have added you to the list for future events.`;
  }
  return `Thank you for joining the waitlist. The ${event.title} on ${event.date} is fully booked, so we have added you to its waitlist.`;
}

/** The waitlist confirmation's content, with the links as given (working, or redacted for the outbox copy). */
function waitlistContent(data, upcoming) {
  return {
    preheader: data.event.phase === "sold_out" ? "You are on the waitlist." : data.event.phase === "scheduled" ? "We will email you when sales open." : "Thank you for registering your interest in future events.",
    heading: data.event.phase === "sold_out" ? "You are on the waitlist" : data.event.phase === "scheduled" ? "We will tell you when sales open" : "Interest registered",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      waitlistReason(data.event),
      ...(upcoming && data.event.phase === "scheduled"
        ? [`Please confirm your email address first: we tell only confirmed addresses when sales open. The link works for ${require(`${__hooks}/lib/waitlist/offer-links.js`).CONFIRM_DAYS} days.`]
        : upcoming
          ? [
            `If a seat at the ${data.event.title} frees up, we offer it to the people on its waitlist in the order they joined: you will get an email holding the seat for you, with a link to claim it.`,
            `Please confirm your email address first: seats are offered only to confirmed addresses. You keep your place in the order you joined. The link works for ${require(`${__hooks}/lib/waitlist/offer-links.js`).CONFIRM_DAYS} days.`,
          ]
          : []),
      data.event.phase === "scheduled" ? "No payment has been taken." : "We will email you as soon as registration opens for the next masterclass. No payment has been taken.",
    ],
    button: upcoming ? { label: "Confirm My Email Address", url: data.confirmUrl } : undefined,
    closing: upcoming ? [{
      text: "See your place in the queue at any time:",
      button: { label: "See My Place in the Queue", url: data.statusUrl },
      plain: `See your place in the queue at any time: ${data.statusUrl}`,
    }] : [],
  };
}

/**
 * @param {{fullName: string, event: object, statusUrl?: string, confirmUrl?: string}} data
 *   statusUrl and confirmUrl: the person's place in the queue and the link that confirms their address
 *   (lib/waitlist/offer-links.js), for a masterclass still to come. Both carry a token, so the outbox copy
 *   administrators read shows them without it and the working message goes to email_secrets.
 */
function waitlistEmail(data) {
  const upcoming = Boolean(data.statusUrl && data.confirmUrl) && data.event.phase !== "past" && data.event.phase !== "happening";
  const subject = `We've registered your interest in the ${layout().BRAND}`;
  if (!upcoming) return layout().renderMessage(TEMPLATES.waitlist, subject, waitlistContent(data, false));
  const { redactLinks } = require(`${__hooks}/lib/waitlist/offer-links.js`);
  return layout().renderWithWorkingCopy(TEMPLATES.waitlist, subject, {
    working: waitlistContent(data, true),
    copy: waitlistContent({ ...data, statusUrl: redactLinks(data.statusUrl), confirmUrl: redactLinks(data.confirmUrl) }, true),
    note: "The working links are only in the message sent to the recipient.",
  });
}

/** @param {{fullName: string, amount: string, event: object, waitlistUrl: string}} data */
/**
 * A payment that bought no seats, refunded in full: the last seats were taken
 * while it was processed (`seatsGone`, the default), or the registration could
 * not be confirmed for another reason.
 */
function refundEmail(data) {
  const seatsGone = data.seatsGone !== false;
  return layout().renderMessage(TEMPLATES.refund, `Your payment for ${layout().theEvent(data.event.title)} has been refunded`, {
    preheader: seatsGone ? "The last seats were taken while your payment was processed." : "We could not confirm your registration after your payment.",
    heading: "Your payment has been refunded",
    greeting: `Hi ${data.fullName},`,
    paragraphs: [
      seatsGone
        ? `We are sorry: the last seats for the ${data.event.title} on ${data.event.date} were taken while your payment was being processed, so we could not confirm your registration.`
        : `We are sorry: we could not confirm your registration for the ${data.event.title} on ${data.event.date} after your payment went through, so no seat is held for you.`,
      `Your payment of ${data.amount} has been refunded in full to the card you used. Refunds usually appear within 5 to 10 business days.`,
    ],
    button: { label: "Register for Future Events", url: data.waitlistUrl },
  });
}

module.exports = {
  accessReminderEmail,
  TEMPLATES,
  CALENDAR_ATTACHED,
  invoiceAttachedSentence,
  groupedCode,
  confirmationEmail,
  invitationEmail,
  invitationOutboxMessage,
  systemMailOutboxCopy,
  signInLinkEmail,
  waitlistEmail,
  refundEmail,
};
