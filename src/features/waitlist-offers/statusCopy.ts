// The words of the waitlist status page for each state (pure, so every state
// is tested without a server).
import type { WaitlistStatus } from './waitlistStatusApi';

export interface StatusCopy {
  badge: string;
  tone: 'blue' | 'teal' | 'orange' | 'gray' | 'red';
  title: string;
  text: string;
}

const hours = (count: number) => `${count} ${count === 1 ? 'hour' : 'hours'}`;
const people = (count: number) => (count === 1 ? '1 person is' : `${count} people are`);

export function statusCopy(status: Pick<WaitlistStatus, 'state' | 'position' | 'claimHours' | 'offer' | 'event'>): StatusCopy {
  const { title: event } = status.event;
  const ahead = Math.max(0, (status.position ?? 1) - 1);
  switch (status.state) {
    case 'waiting':
      return {
        badge: 'On the waitlist',
        tone: 'blue',
        title: status.position === 1 ? "You're next in line" : `You're number ${status.position} in the queue`,
        text: `${ahead === 0 ? 'Nobody is ahead of you.' : `${people(ahead)} ahead of you.`} When a seat at the ${event} frees up, we email the next person in line and hold the seat for them for ${hours(status.claimHours)}.`,
      };
    case 'unconfirmed':
      return {
        badge: 'Email not confirmed',
        tone: 'orange',
        title: status.position === 1 ? "You'll be next in line once you confirm" : `You'll be number ${status.position ?? 1} in the queue once you confirm`,
        text: `Seats at the ${event} are offered only to people who have confirmed their email address. Your place follows the time you joined the waitlist, so you lose nothing by confirming later.`,
      };
    case 'on_sale':
      return {
        badge: 'On the waitlist',
        tone: 'blue',
        title: `You're number ${status.position} in the queue`,
        text: `Seats for the ${event} are on sale right now, so you can register straight away. Seats are offered to the waitlist only once it is sold out. You keep your place.`,
      };
    case 'paused':
      return {
        badge: 'On the waitlist',
        tone: 'gray',
        title: `You're number ${status.position} in the queue`,
        text: 'Sales for this masterclass are closed at the moment, so no seats are being offered. You keep your place.',
      };
    case 'offered':
      return {
        badge: 'Seat held for you',
        tone: 'teal',
        title: 'A seat is held for you',
        text: `Claim it before ${status.offer?.expires_text ?? 'the offer ends'} with the link in the email we sent you ("A seat at the … is held for you"). After that, it goes to the next person in line.`,
      };
    case 'confirmed':
      return { badge: 'Registered', tone: 'teal', title: 'You have a seat', text: `You're registered for the ${event}. Your confirmation email has the details.` };
    case 'declined':
      return {
        badge: 'Offer declined',
        tone: 'gray',
        title: 'You declined your seat',
        text: 'Thank you for letting us know: the seat went to the next person in line. We will not offer you another seat for this masterclass.',
      };
    case 'expired':
      return {
        badge: 'Offer expired',
        tone: 'orange',
        title: 'Your seat offer expired',
        text: `The seat we held for you was not claimed by ${status.offer?.expires_text ?? 'the deadline'}, so it went to the next person in line.`,
      };
    case 'withdrawn':
      return { badge: 'Not in the queue', tone: 'gray', title: 'Your seat offer was withdrawn', text: 'Please contact us if you think this is a mistake.' };
    case 'closed':
      return { badge: 'Waitlist closed', tone: 'gray', title: 'No more seats are offered', text: `The ${event} has started or taken place, so its waitlist is closed.` };
    case 'unsubscribed':
      return {
        badge: 'No emails',
        tone: 'orange',
        title: "We can't offer you a seat by email",
        text: 'This address unsubscribed from our emails, so seats are not offered to it. Please contact us if you would like to be offered one.',
      };
    case 'not_waiting':
      return { badge: 'Not in the queue', tone: 'gray', title: "You're not waiting for a seat", text: 'This waitlist entry no longer waits for a seat at this masterclass.' };
  }
}
