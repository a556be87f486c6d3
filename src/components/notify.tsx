// Every notice the app shows goes through notify(): one notice per topic. A
// notice on a topic that is already showing replaces it in place (a success
// replaces its error, a new error replaces the old one, and its timer starts
// again), so notices never stack up over the page. Each has a close button
// with a name, and the colour and icon of its kind (spec section 8: success,
// non-destructive warning, destructive error). A notice sits at the bottom of
// the screen (right on wide screens, across a phone's width), away from the
// header and its navigation. It never covers the header in view, the page's
// heading, a labelled button or the control just used: when one is down there
// it goes to the top, below the header in view (on a wide screen then to the
// left). While notices show they are checked again whenever the page scrolls or
// changes under them, and one that now covers something moves. A form's own
// problems are said beside the form, not in a notice (the registration form's
// FormProblemsSummary). The host is src/app/DeferredExtras.tsx.
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

/** The room a notice not yet drawn is expected to take (up to three lines of text and margins). */
const NOTICE_ROOM_PX = 120;
/** A notice on a wide screen is at most this wide (Mantine's default container width). */
const NOTICE_WIDTH_PX = 440;
/** The space between a notice and the screen's edge or the header (Mantine's spacing md). */
const EDGE_PX = 16;
/** Below the header in view. */
const BELOW_HEADER_PX = 8;

type Area = { top: number; bottom: number; left: number; right: number };
const meets = (a: Area, b: Area) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const overlap = (a: Area, b: Area) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const wideScreen = () => window.matchMedia('(min-width: 48em)').matches;

/** The headers in view (the page's and the app shell's). */
function headers(): Area[] {
  return [...document.querySelectorAll('header')]
    .map((header) => header.getBoundingClientRect())
    .filter((box) => box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
}

/** Where the header in view ends: a notice at the top goes below it. */
function headerBottom(): number {
  return Math.max(0, ...headers().filter((box) => box.top < window.innerHeight / 2).map((box) => box.bottom));
}

/** Buttons a notice must not cover: the page's submit buttons and its labelled buttons of every kind (Save event, Cancel this masterclass, Apply), not the icon buttons of a table's rows. */
const PRIMARY_BUTTONS = 'button[type="submit"], .mantine-Button-root';

/** The control last pressed, tapped or typed in: a button that went busy (Apply, while the code is checked) has lost the focus by the time its notice shows. */
let lastUsed: Element | null = null;
if (typeof document !== 'undefined') {
  const remember = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest('button, a, input, select, textarea, [role="button"]') : null;
    if (control && !control.closest('.mantine-Notification-root')) lastUsed = control;
  };
  document.addEventListener('pointerdown', remember, { capture: true, passive: true });
  document.addEventListener('focusin', remember, { capture: true, passive: true });
}

/** What a notice must not cover: the headers, the page's heading, the control just used and the primary buttons on screen. */
function obstacles(): Area[] {
  const active = document.activeElement;
  const used = [active instanceof HTMLElement && active !== document.body ? active : null, lastUsed?.isConnected ? lastUsed : null].filter((element) => element !== null);
  const elements = [...document.querySelectorAll(`${PRIMARY_BUTTONS}, main h1, h1`), ...used];
  const controls = elements
    .filter((element) => !element.closest('.mantine-Notification-root, .mantine-Notifications-root'))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight);
  return [...headers(), ...controls];
}

type Position = NonNullable<NotificationData['position']>;

/** The positions a notice may take, best first: the bottom (the phone's thumb reaches it; the header is at the top), then the top below the header. */
function candidates(): Position[] {
  return wideScreen() ? ['bottom-right', 'top-right', 'bottom-left', 'top-left'] : ['bottom-center', 'top-center'];
}

/** The screen area a notice `height` tall takes at `position`. */
function zoneOf(position: Position, height: number): Area {
  const width = Math.min(NOTICE_WIDTH_PX, window.innerWidth - 2 * EDGE_PX);
  const left = !wideScreen() ? (window.innerWidth - width) / 2 : position.endsWith('left') ? EDGE_PX : window.innerWidth - EDGE_PX - width;
  const top = position.startsWith('top') ? headerBottom() + BELOW_HEADER_PX : window.innerHeight - EDGE_PX - height;
  return { top, bottom: top + height, left, right: left + width };
}

/** How much of what it must not cover a notice `height` tall would cover at `position` (0: nothing). */
function covered(position: Position, height: number, blocking: Area[]): number {
  const zone = zoneOf(position, height);
  return blocking.filter((box) => meets(box, zone)).reduce((sum, box) => sum + overlap(box, zone), 0);
}

/**
 * Where a notice `height` tall goes: `current` while it covers nothing there, else the
 * first position where it covers nothing, else where it covers least.
 */
function placement(height: number, current?: Position): Position {
  const blocking = obstacles();
  const kept = current && candidates().includes(current) ? covered(current, height, blocking) : Number.POSITIVE_INFINITY;
  if (kept === 0) return current!;
  let best = candidates()[0]!;
  let least = Number.POSITIVE_INFINITY;
  for (const position of candidates()) {
    const area = covered(position, height, blocking);
    if (area < least) [best, least] = [position, area];
    if (area === 0) break;
  }
  // A place that covers as much as where it is now is no better: the notice stays (it never swings between two).
  return current && least >= kept ? current : best;
}

/** The position of the topic's notice when it is showing. */
function shownAt(id: string): { showing: boolean; position?: Position } {
  const { notifications: shown, queue } = notificationsStore.getState();
  const found = [...shown, ...queue].find((item) => item.id === id);
  return { showing: found !== undefined, position: found?.position };
}

/**
 * While notices show, each is checked again whenever the page may have moved under it
 * (a scroll, a resize, the page changing after what caused it: a step finished, a
 * dialog closed): the top ones stay below the header in view, and one that now covers
 * the header, a primary button or the control in use moves where it covers nothing.
 */
let watching = false;
function watchNotices(): void {
  if (watching) return;
  watching = true;
  let frame = 0;
  const review = () => {
    frame = 0;
    document.documentElement.style.setProperty('--notices-top', `${Math.round(headerBottom()) + BELOW_HEADER_PX}px`);
    const { notifications: shown } = notificationsStore.getState();
    if (shown.length === 0) return stop();
    for (const item of shown) {
      // The notice where it is now (one that just moved still fades out where it was, under the same id).
      const element = document.querySelector<HTMLElement>(`[data-notice-id="${item.id}"][position="${item.position}"]`)
        ?? document.querySelector<HTMLElement>(`[data-notice-id="${item.id}"]`);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      if (box.height === 0) continue;
      const blocking = obstacles();
      if (!blocking.some((area) => meets(area, box))) continue;
      const position = placement(box.height, item.position);
      if (position !== item.position) notifications.update({ ...item, position });
    }
  };
  const schedule = () => {
    if (!frame) frame = window.requestAnimationFrame(review);
  };
  const timer = window.setInterval(schedule, 250);
  window.addEventListener('scroll', schedule, { passive: true, capture: true });
  window.addEventListener('resize', schedule);
  function stop() {
    window.clearInterval(timer);
    window.removeEventListener('scroll', schedule, { capture: true });
    window.removeEventListener('resize', schedule);
    watching = false;
  }
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
      // A notice replaced in place stays where it is unless it would now cover something (a page that
      // changed under it: 'Welcome back' over the portal's heading); a new one goes where it covers nothing.
      position: placement(noticeHeight(id), showing ? position : undefined),
      'data-notice-id': id,
      'data-notice-topic': topic,
      'data-notice-kind': kind,
    };
    document.documentElement.style.setProperty('--notices-top', `${Math.round(headerBottom()) + BELOW_HEADER_PX}px`);
    if (showing) notifications.update(notice);
    else notifications.show(notice);
    watchNotices();
  });
}

/** The height of the notice with `id` as drawn, or the room one is expected to take. */
function noticeHeight(id: string): number {
  return document.querySelector(`[data-notice-id="${id}"]`)?.getBoundingClientRect().height || NOTICE_ROOM_PX;
}

/** Takes a topic's notice away (for example once what it offered is done). */
export function dismissNotice(topic: string): void {
  notifications.hide(noticeId(topic));
}
