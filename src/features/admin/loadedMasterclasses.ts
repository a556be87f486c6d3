// The masterclasses as the last admin screen in this tab loaded them, for the account signed in
// then: the next screen starts from them (its selector usable, its data asked for at once, the
// door's counts read for the featured one as its link is pressed) while it reads them again, and
// shows the new answer when it comes. Kept for the page's life only.
import { currentUser } from '@/lib/session';
import type { AdminEventRow } from './event/eventAdminApi';

export interface LoadedMasterclasses {
  events: AdminEventRow[];
  featuredId: string | null;
}

let lastLoaded: (LoadedMasterclasses & { userId: string | undefined }) | null = null;

/** What the last screen loaded, when the same account is signed in now; else null. */
export function loadedMasterclasses(): LoadedMasterclasses | null {
  return lastLoaded && lastLoaded.userId === currentUser()?.id ? lastLoaded : null;
}

export function rememberMasterclasses(loaded: LoadedMasterclasses): void {
  lastLoaded = { ...loaded, userId: currentUser()?.id };
}
