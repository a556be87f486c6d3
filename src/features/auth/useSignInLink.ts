// Opening an emailed sign-in link (/auth?signin=…&code=…): it is used at once
// (a link works once), then the page the user came for or the portal. A link
// that does not work says why above the sign-in form, which asks for a new one.
import { useEffect, useState } from 'react';
import { signInWithLink } from './authApi';
import { readAuthFailure } from './authFailure';
import type { SignInLink } from './authLinks';
import { ServerMessages, SignInLinkTexts } from './authMessages';

export type SignInLinkState = { status: 'none' } | { status: 'using' } | { status: 'failed'; message: string };

/**
 * One request per link at a time, however often the effect runs (React runs it twice in
 * development). A request that failed is forgotten, so opening the link again (after the
 * connection came back) asks the server again instead of repeating the old failure.
 */
const uses = new Map<string, Promise<void>>();

export function answerOnce(link: SignInLink): Promise<void> {
  const key = `${link.id}:${link.code}`;
  let used = uses.get(key);
  if (!used) {
    used = signInWithLink(link);
    uses.set(key, used);
    used.catch(() => uses.delete(key));
  }
  return used;
}

/** What the page says about a link that did not sign in. */
export function signInLinkFailureMessage(error: unknown): string {
  const { status } = readAuthFailure(error);
  if (status === 0) return ServerMessages.unreachable;
  if (status === 429) return ServerMessages.tooManyAttempts;
  if (status === 400 || status === 404) return SignInLinkTexts.invalid;
  return ServerMessages.unexpected;
}

export function useSignInLink(link: SignInLink | null, onSignedIn: () => void): SignInLinkState {
  const id = link?.id ?? '';
  const code = link?.code ?? '';
  const key = id && code ? `${id}:${code}` : '';
  // the failure of the link it was for: a link opened since is being used
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  useEffect(() => {
    if (!id || !code) return undefined;
    let current = true;
    answerOnce({ id, code }).then(
      () => {
        if (current) onSignedIn();
      },
      (error: unknown) => {
        if (current) setFailure({ key: `${id}:${code}`, message: signInLinkFailureMessage(error) });
      },
    );
    return () => {
      current = false;
    };
    // onSignedIn changes with every render of the page; the link is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, code]);
  if (!key) return { status: 'none' };
  return failure?.key === key ? { status: 'failed', message: failure.message } : { status: 'using' };
}
