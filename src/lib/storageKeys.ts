// Browser storage keys named by the spec, one source for every feature.
export const StorageKeys = {
  waitlistData: 'waitlist_data',
  registrationData: 'registration_data',
  processedStripeSessions: 'processed_stripe_sessions',
} as const;
