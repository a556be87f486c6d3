// Every page's document title and meta description. Keyed by the router's full
// paths, so a new route without an entry does not compile. Loaded on demand by
// PageMetaSync, so the landing page's first load does not carry it.
import type { FileRoutesByFullPath } from '@/routeTree.gen';
import { page, SITE_NAME, type PageMeta } from './pageMeta';

const SITE_DESCRIPTION =
  'A hands-on AI leadership masterclass in Adelaide: leave with a 30-day action plan, live agent tools and a pitch-ready business case.';

const portal = page('Dashboard', 'Your masterclass portal: the AI readiness assessment, the business case builder and the use case library, on any device, online or off.');
const admin = page('Admin Overview', 'Run the masterclass: attendees, invitations, the use case library, the event and its promo codes.');

export const PAGE_META: Record<keyof FileRoutesByFullPath, PageMeta> = {
  '/': { title: SITE_NAME, description: SITE_DESCRIPTION },
  '/register': page('Register', 'Register for the AI Champions Masterclass in Adelaide, or join the waitlist to hear first about the next one.'),
  '/registration': page('Register', 'Register for the AI Champions Masterclass in Adelaide.'),
  '/auth': page('Sign In', 'Sign in to your masterclass portal, or create your account from your invitation.'),
  '/reset-password': page('Reset Password', 'Choose a new password for your masterclass account.'),
  '/contact': page('Contact Us', 'Questions about the AI Champions Masterclass? Send us a message and we will get back to you.'),
  '/privacy-policy': page('Privacy Policy', 'How the AI Champions Masterclass collects, uses and protects your personal information.'),
  '/terms': page('Terms of Service', 'The terms of registering for and attending the AI Champions Masterclass.'),
  '/cancel': page('Cancel Your Registration', 'Cancel your AI Champions Masterclass registration with the link from your confirmation email.'),
  '/checkout/simulated': page('Test Checkout', 'The checkout used while the masterclass runs in test mode.'),
  '/waitlist-status': page('Your Place on the Waitlist', 'Where you stand on the masterclass waitlist, and any seat held for you.'),
  '/events/$slug': page('Masterclass', 'One AI Champions Masterclass: its date, time, venue, price, seats left and speakers, and registration.'),
  '/order/$id': page('Your Order', 'Your masterclass order: each attendee’s ticket, the amount paid and the calendar link, with the link from your confirmation email.'),
  '/dashboard': portal,
  '/dashboard/': portal,
  '/dashboard/$': portal,
  '/dashboard/ai-readiness': page('AI Readiness Assessment', 'Score your organisation’s AI readiness across six dimensions and get a 30-day action plan.'),
  '/dashboard/business-case': page('Business Case Builder', 'Build a pitch-ready AI business case: costs, benefits, ROI, payback and NPV.'),
  '/dashboard/use-case-generator': page('Use Case Library', 'Search and filter AI use cases by industry, adoption level, business function and technique.'),
  '/dashboard/use-case-generator/custom': page('Generate a Use Case', 'Draft a custom AI use case for your organisation.'),
  '/dashboard/ticket': page('Your Ticket', 'Your masterclass ticket: the QR code to show at the door, on this device, online or off.'),
  '/dashboard/registration': page('Your Registration', 'Your phone number and dietary requirements, and sending a colleague in your place.'),
  '/dashboard/profile-settings': page('Profile Settings', 'Your name, company, job title and account details.'),
  '/admin': admin,
  '/admin/': admin,
  '/admin/$': admin,
  '/admin/attendees': page('Manage Attendees', 'Attendees, invitations and the CSV export.'),
  '/admin/use-cases': page('Manage Use Cases', 'The library of AI use cases attendees search.'),
  '/admin/event': page('Event & Promo Codes', 'The event’s facts, sales and promo codes.'),
  '/admin/check-in': page('Door Check-in', 'Check attendees in at the door by ticket or by name, online or offline.'),
  '/door/$pass': page('Door Check-in', 'Door staff check attendees in at one masterclass with a door pass and its PIN.'),
  '/admin/speakers': page('Speakers', 'Each masterclass’s speakers and their photos.'),
  '/admin/emails': page('Emails', 'Every email the masterclass has sent or will send, and its delivery.'),
  '/admin/messages': page('Messages', 'Messages sent through the contact form.'),
};

