// Every notice the app shows goes through notify(): one notice per topic. A
// notice on a topic that is already showing replaces it in place (a success
// replaces its error, a new error replaces the old one, and its timer starts
// again), so notices never stack up over the page. Each has a close button
// with a name, and the colour and icon of its kind (spec section 8: success,
// non-destructive warning, destructive error). A notice sits at the bottom of
// the screen (right on wide screens, across a phone's width), away from the
// header and its navigation; when the control just used or a primary button
// is down there (a button pressed at the foot of a phone's screen), it goes to the
// top instead, below any header in view. The host is src/app/DeferredExtras.tsx.
import type { ReactNode } from 'react';
import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

export type NoticeKind = 'success' | 'warning' | 'error' | 'info';
/** The older name of the kinds, used by the message catalogues. */
export type ToastKind = Exclude<NoticeKind, 'info'>;

/** A title and a message, as the message catalogues keep them. */
export interface Toast {
  title?: string;
  message: string;
}

export interface Notice {
  /** What the notice is about ('promo', 'account', 'profile', …): one notice per topic is shown. */
  topic: string;
  kind: NoticeKind;
  title?: string;
  message: ReactNode;
  /** Milliseconds, or false to stay until closed; by default a success goes quickly, a warning or an error stays long enough to read. */
  autoClose?: number | false;
}

const looks = {
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} /> },
} as const;

const AUTO_CLOSE_MS: Record<NoticeKind, number> = { success: 5000, warning: 8000, error: 8000, info: 8000 };

/** The name screen readers give every notice's close button. */
export const CLOSE_NOTICE_LABEL = 'Close notice';

/** The notification id of a topic; tests find a notice by it (data-notice-topic). */
const noticeId = (topic: string) => `notice-${topic.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** Alternates per topic so a replaced notice's timer starts again (the host restarts it when the duration changes). */
const restartTimer = new Map<string, number>();

/** The room a notice takes at the bottom or the top of the screen (up to three lines of text and margins). */
const NOTICE_ROOM_PX = 120;
/** A notice on a wide screen is at most this wide (Mantine's default container width) plus its margin. */
const NOTICE_WIDTH_PX = 440 + 16;

type Area = { top: number; bottom: number; left: number; right: number };
const meets = (a: Area, b: Area) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where the header in view ends: a notice at the top goes below it. */
function headerBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    const box = header.getBoundingClientRect();
    if (box.height > 0 && box.bottom > 0) bottom = Math.max(bottom, box.bottom);
  }
  return bottom;
}

/** Buttons a notice must not cover: the page's submit buttons and its filled (primary) buttons. */
const PRIMARY_BUTTONS = 'button[type="submit"], .mantine-Button-root:not([data-variant]), .mantine-Button-root[data-variant="filled"]';

/** What a notice must not cover: the control just used and the primary buttons wholly on screen (one cut by the screen's edge is scrolled to anyway). */
function obstacles(): Area[] {
  const active = document.activeElement;
  const elements = [...document.querySelectorAll(PRIMARY_BUTTONS), ...(active instanceof HTMLElement && active !== document.body ? [active] : [])];
  return elements
    .filter((element) => !element.closest('.mantine-Notification-root'))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.top >= 0 && box.bottom <= window.innerHeight);
}

type Position = NonNullable<NotificationData['position']>;

/** Whether a notice at `position` would cover something it must not. */
function inTheWay(position: Position, blocking: Area[]): boolean {
  const wide = window.matchMedia('(min-width: 48em)').matches;
  const left = wide && position.endsWith('right') ? window.innerWidth - NOTICE_WIDTH_PX : 0;
  const top = position.startsWith('top') ? Math.round(headerBottom()) : window.innerHeight - NOTICE_ROOM_PX;
  const zone: Area = { top, bottom: top + NOTICE_ROOM_PX, left, right: window.innerWidth };
  return blocking.some((box) => meets(box, zone));
}

/**
 * The bottom of the screen, or the top below the header when something a notice
 * must not cover is down there. A notice being replaced stays where it is unless
 * it would now cover something (a promo applied moves the registration button).
 */
function placement(current?: Position): Position {
  const side = window.matchMedia('(min-width: 48em)').matches ? 'right' : 'center';
  const blocking = obstacles();
  if (current && !inTheWay(current, blocking)) return current;
  const wanted: Position = !inTheWay(`bottom-${side}`, blocking) || inTheWay(`top-${side}`, blocking) ? `bottom-${side}` : `top-${side}`;
  if (wanted.startsWith('top')) document.documentElement.style.setProperty('--notices-top', `${Math.round(headerBottom()) + 8}px`);
  return wanted;
}

/** The position of the topic's notice when it is showing. */
function shownAt(id: string): { showing: boolean; position?: Position } {
  const { notifications: shown, queue } = notificationsStore.getState();
  const found = [...shown, ...queue].find((item) => item.id === id);
  return { showing: found !== undefined, position: found?.position };
}

export function notify({ topic, kind, title, message, autoClose = AUTO_CLOSE_MS[kind] }: Notice): void {
  if (kind === 'error') console.error(title ?? message, title && typeof message === 'string' ? message : '');
  // Placed once the page has drawn what caused it (a promo applied hides the promo box):
  // the next frame, before it is painted.
  window.requestAnimationFrame(() => {
    const id = noticeId(topic);
    const { showing, position } = shownAt(id);
    const nudge = showing ? 1 - (restartTimer.get(id) ?? 0) : 0;
    restartTimer.set(id, nudge);
    const notice = {
      id,
      ...looks[kind],
      title,
      message,
      autoClose: autoClose === false ? (false as const) : autoClose + nudge,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': CLOSE_NOTICE_LABEL },
      position: placement(showing ? (position ?? 'bottom-right') : undefined),
      'data-notice-topic': topic,
      'data-notice-kind': kind,
    };
    if (showing) notifications.update(notice);
    else notifications.show(notice);
  });
}

/** Takes a topic's notice away (for example once what it offered is done). */
export function dismissNotice(topic: string): void {
  notifications.hide(noticeId(topic));
}
