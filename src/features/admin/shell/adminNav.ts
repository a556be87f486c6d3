// The admin area's side navigation (spec "Admin area"): every page of the
// area, then the way back to the attendee portal.
import type { Icon } from '@tabler/icons-react';
import {
  IconCalendarEvent, IconLayoutDashboard, IconQrcode, IconBulb, IconMail, IconMessages, IconMicrophone2, IconUsers,
} from '@tabler/icons-react';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: Icon;
}

export const ADMIN_NAV: AdminNavItem[] = [
  { label: 'Admin Overview', to: '/admin', icon: IconLayoutDashboard },
  { label: 'Manage Attendees', to: '/admin/attendees', icon: IconUsers },
  { label: 'Manage Use Cases', to: '/admin/use-cases', icon: IconBulb },
  { label: 'Event & Promo Codes', to: '/admin/event', icon: IconCalendarEvent },
  { label: 'Door Check-in', to: '/admin/check-in', icon: IconQrcode },
  { label: 'Speakers', to: '/admin/speakers', icon: IconMicrophone2 },
  { label: 'Emails', to: '/admin/emails', icon: IconMail },
  { label: 'Messages', to: '/admin/messages', icon: IconMessages },
];

export const USER_DASHBOARD_LINK = { label: 'User Dashboard', to: '/dashboard' } as const;

/** Whether `item` is the page at `pathname` (the overview only on /admin itself). */
export function isActive(item: AdminNavItem, pathname: string): boolean {
  const path = pathname.replace(/\/$/, '') || '/';
  if (item.to === '/admin') return path === '/admin';
  return path === item.to || path.startsWith(`${item.to}/`);
}
