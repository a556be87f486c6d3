/// <reference path="../../../pb_data/types.d.ts" />
// The registration rules and messages in one place: limits from the spec
// (section 9), the six attendee roles, and every text the routes answer with.

// The featured masterclass is found by this stable key (events.slug), never by
// its title, which administrators may edit.
const EVENT_SLUG = "ai-champions-masterclass";
const HOLD_MINUTES = 30;
// The absolute cap on one request's attendee list; each event's own, lower
// maximum is events.max_per_registration.
const MAX_ATTENDEES = 50;
const MODES = ["paid", "promo", "waitlist"];
const SIMULATED_SESSION_PREFIX = "sim_";
const MAX_BODY_BYTES = 256 * 1024;

const ATTENDEE_ROLES = [
  "Executive Leader / Founder",
  "Senior Manager",
  "Mid-Level Manager / Team Leader",
  "IT / Technical Professional",
  "Transformation / Innovation / Strategy Role",
  "AI-Curious Professional",
];

// Longest accepted values; they match the collections' field limits.
const LIMITS = {
  fullName: require(`${__hooks}/shared/shared-rules.json`).fullName.maxLength,
  email: 254,
  company: 200,
  jobTitle: 200,
  phoneNumber: 40,
  dietaryRequirements: 1000,
  promoCode: 64,
  utm: 255,
};

const MESSAGES = {
  invalidJson: "The request body must be a JSON object.",
  unknownField: (key) => `"${key}" is not an accepted field.`,
  requestIdInvalid: "The request id must be 20 to 64 letters, digits, dashes or underscores.",
  requestIdReused: "This registration was already sent with different details. Please reload the page and submit the form again.",
  requestIdClosed: "This registration was already sent and is no longer waiting for payment. Please reload the page to start a new one.",
  modeInvalid: "Mode must be paid, promo or waitlist.",
  attendeesRequired: "At least one attendee is required.",
  attendeesTooMany: `A registration can have at most ${MAX_ATTENDEES} attendees.`,
  attendeesOverEventMax: (max) => `A registration can have at most ${max} ${max === 1 ? "attendee" : "attendees"}. Please register larger groups in several registrations or contact us.`,
  heldSeatsPerEmail: (held) => `${held} ${held === 1 ? "seat is" : "seats are"} already held for this email address in an unfinished checkout. Please finish or cancel that checkout, or try again in 30 minutes.`,
  heldSeatsPerClient: "Too many seats are already held in unfinished checkouts from your connection. Please finish or cancel those checkouts, or try again in 30 minutes.",
  heldSeatsPerEmailWithOffers: (held) => `${held} ${held === 1 ? "seat is" : "seats are"} already held for this email address in unfinished checkouts and open waitlist seat offers. Please claim or decline your seat offer, finish or cancel your checkout, or try again once they end.`,
  heldSeatsPerClientWithOffers: "Too many seats are already held from your connection in unfinished checkouts and open waitlist seat offers. Please claim or decline those offers, finish or cancel those checkouts, or try again once they end.",
  alreadyOnWaitlist: "You're already on the waitlist for this masterclass. We'll be in touch as soon as a seat or the next date opens.",
  promoOneAttendee: "A promo code registration is for one attendee only.",
  waitlistOneAttendee: "The waitlist takes one attendee per registration.",
  attendeeMissing: "Attendee details are missing.",
  fullNameRequired: "Full name is required",
  fullNameTooShort: "Full name must be at least 2 characters",
  fullNameLink: "Please enter a name without web addresses, links or special characters such as < > / @",
  emailRequired: "Valid email is required",
  emailInvalid: "Invalid email address",
  emailDuplicate: "Each attendee needs a different email address",
  companyRequired: "Company is required",
  jobTitleRequired: "Job title is required",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number may only contain digits, spaces and + ( ) - .",
  roleRequired: "Role selection is required",
  roleInvalid: "Please choose one of the listed roles",
  textInvalid: "Must be text.",
  tooLong: (max) => `Must be at most ${max} characters.`,
  privacyConsentRequired: "You must accept the privacy policy to continue",
  marketingConsentInvalid: "Marketing consent must be true or false.",
  utmInvalid: "UTM parameters must be utm_source and utm_medium text values.",
  promoCodeRequired: "Please enter a promo code",
  promoCodeInvalid: "The promo code you entered is invalid or expired",
  promoCodeWrongMode: "A promo code can only be used for a free promo registration.",
  soldOut: "This masterclass is sold out.",
  notEnoughSeats: (left) => `Only ${left} ${left === 1 ? "seat is" : "seats are"} left for this masterclass.`,
  closed: "Registration for this masterclass is closed.",
  eventCancelled: "This masterclass has been cancelled, so it takes no registrations and no waitlist. Every seat bought for it has been refunded.",
  salesNotOpenYet: (when) => `Sales for this masterclass open on ${when}. Join the list on this page and we will email you when they open.`,
  eventStarted: "This masterclass is under way, so registration for it has closed. Please register your interest in future events instead.",
  eventOver: (date) => `This masterclass took place on ${date}, so registration for it has closed. Please register your interest in the next one instead.`,
  eventNotFound: "Event details not found",
  eventIdInvalid: "The event must be given by its id.",
  eventUnknown: "This event does not exist or is not published.",
  serverBusy: "We're very busy right now. Please try again in a moment.",
  eventDraft: "This masterclass is not open for registration yet. Please check back once it is announced.",
  sessionNotFound: "Registration not found for this session",
  simulatedUnavailable: "Simulated checkout is only available while no Stripe key is set.",
  checkoutFailed: (detail) => `Error creating checkout: ${detail}`,
  paymentCheckFailed: (detail) => `Could not confirm the payment: ${detail}`,
};

module.exports = {
  EVENT_SLUG,
  HOLD_MINUTES,
  MAX_ATTENDEES,
  MODES,
  SIMULATED_SESSION_PREFIX,
  MAX_BODY_BYTES,
  ATTENDEE_ROLES,
  LIMITS,
  MESSAGES,
};
