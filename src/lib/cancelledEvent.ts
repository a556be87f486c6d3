// What every visitor-facing page says of a masterclass an administrator
// cancelled as a whole (its phase 'cancelled', ./eventPhase.ts): the landing,
// its own page and /register. None offers a way in: the server takes no
// registration and no waitlist for it (pb_hooks/lib/registration/routes.js).

export const CANCELLED_NOTICE = 'This masterclass has been cancelled';

/** What /register says under the notice; `eventDate`: 'Wednesday 18 June 2025' ('' when unknown). */
export function cancelledExplanation(eventDate: string): string {
  const which = eventDate ? `The ${eventDate} masterclass` : 'This masterclass';
  return `${which} has been cancelled, so it takes no registrations and has no waitlist. Every seat bought for it has been refunded in full, and everyone who held a seat or waited for one has been told by email.`;
}

/** The one button left: the home page, which features the next masterclass still to come. */
export const SEE_MASTERCLASSES = 'See Our Masterclasses';
