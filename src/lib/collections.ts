// Collection names, one source for the client.
export const Collections = {
  events: 'events',
  promoCodes: 'promo_codes',
  speakers: 'speakers',
  materials: 'materials',
  registrations: 'registrations',
  attendees: 'attendees',
  users: 'users',
  aiUseCases: 'ai_use_cases',
  readinessAssessments: 'readiness_assessments',
  businessCases: 'business_cases',
  savedUseCases: 'saved_use_cases',
  emails: 'emails',
  contactMessages: 'contact_messages',
  stripeEvents: 'stripe_events',
  tombstones: 'tombstones',
} as const;

export const EVENT_TITLE = 'AI CHAMPIONS MASTERCLASS';

/** The masterclass's stable key (events.slug); the server finds it the same way. */
export const EVENT_SLUG = 'ai-champions-masterclass';
