// The order as the server has it now. Nothing is stored on the device: a
// ticket replaced by an administrator or an attendee cancelled meanwhile must
// never show as current, so the order is read again whenever the page comes
// back into view or the connection returns, and what is shown says when it
// could not be checked.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientResponseError } from 'pocketbase';
import { fetchOrder, gotNoAnswer, type Order, type OrderLink } from '@/lib/order';

export type OrderLoad =
  | { status: 'loading' }
  /** `stale`: the last read failed for want of a connection (or the browser went offline) since `checkedAt`. */
  | { status: 'ready'; order: Order; checkedAt: Date; stale: boolean }
  /** The server answered that the link opens no order (or too many tries). */
  | { status: 'refused'; message: string }
  /** No answer (offline, the server unreachable) and nothing shown yet. */
  | { status: 'offline' };

export const INVALID_ORDER_LINK = 'This order link is not valid. Please use the link in your confirmation email, or contact us.';

const LOADING: OrderLoad = { status: 'loading' };
const INVALID: OrderLoad = { status: 'refused', message: INVALID_ORDER_LINK };

export function useOrder(link: OrderLink | null): { load: OrderLoad; reload: () => void } {
  const id = link?.id ?? '';
  const key = link?.key ?? '';
  const current = id && key ? `${id}:${key}` : '';
  // The load of one link: another link starts from 'loading' without an effect setting it.
  const [state, setState] = useState<{ link: string; load: OrderLoad } | null>(null);
  const latest = useRef(0);

  const read = useCallback(() => {
    if (!id || !key) return;
    const forLink = `${id}:${key}`;
    const attempt = ++latest.current;
    fetchOrder({ id, key }).then(
      (order) => {
        if (attempt === latest.current) setState({ link: forLink, load: { status: 'ready', order, checkedAt: new Date(), stale: false } });
      },
      (error: unknown) => {
        if (attempt !== latest.current) return;
        if (gotNoAnswer(error)) {
          // What is shown stays, marked as not checked since; nothing shown yet: needs a connection.
          setState((previous) => ({
            link: forLink,
            load: previous?.link === forLink && previous.load.status === 'ready' ? { ...previous.load, stale: true } : { status: 'offline' },
          }));
          return;
        }
        const message = error instanceof ClientResponseError ? String(error.response?.message || INVALID_ORDER_LINK) : INVALID_ORDER_LINK;
        setState({ link: forLink, load: { status: 'refused', message } });
      },
    );
  }, [id, key]);

  useEffect(() => {
    if (!current) return undefined;
    read();
    const whenVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    const offline = () =>
      setState((previous) => (previous?.link === current && previous.load.status === 'ready' ? { link: current, load: { ...previous.load, stale: true } } : previous));
    window.addEventListener('online', read);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', whenVisible);
    return () => {
      latest.current += 1;
      window.removeEventListener('online', read);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', whenVisible);
    };
  }, [current, read]);

  const reload = useCallback(() => {
    setState((previous) => (previous?.link === current && previous.load.status === 'ready' ? previous : { link: current, load: LOADING }));
    read();
  }, [current, read]);

  const load = !current ? INVALID : state?.link === current ? state.load : LOADING;
  return { load, reload };
}
