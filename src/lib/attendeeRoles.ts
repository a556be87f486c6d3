// The six attendee roles (spec section 3), in the order the select lists them.
// The attendees collection and the server's validation use the same values.
export const ATTENDEE_ROLES = [
  'Executive Leader / Founder',
  'Senior Manager',
  'Mid-Level Manager / Team Leader',
  'IT / Technical Professional',
  'Transformation / Innovation / Strategy Role',
  'AI-Curious Professional',
] as const;

export type AttendeeRole = (typeof ATTENDEE_ROLES)[number];
