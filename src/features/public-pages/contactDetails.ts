// How to reach the organisers: one source for the contact page and the legal
// pages. Values are the business's published details; change them here only.
export const contactEmails = {
  general: 'hello@aichampions.com.au',
  registrations: 'registrations@aichampions.com.au',
  privacy: 'privacy@aichampions.com.au',
} as const;

export const contactEmailList = [
  { label: 'General enquiries', address: contactEmails.general },
  { label: 'Registrations and refunds', address: contactEmails.registrations },
  { label: 'Privacy', address: contactEmails.privacy },
] as const;

export const contactPhones = [
  { label: 'Office', display: '(08) 7010 1234', dial: '+61870101234' },
  { label: 'Event day enquiries', display: '0491 570 156', dial: '+61491570156' },
] as const;

export const officeAddress = {
  lines: ['Lot Fourteen, North Terrace', 'Adelaide SA 5000', 'Australia'],
  hours: 'Monday to Friday, 9:00 am – 5:00 pm (Adelaide time)',
} as const;

export const socialLinks = [
  { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/ai-champions-masterclass' },
  { network: 'x', label: 'X (Twitter)', url: 'https://x.com/aichampionsau' },
  { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@aichampionsmasterclass' },
] as const;
