// What /auth and /reset-password read from their URLs: the invitation
// (query or hash), the emailed sign-in link, the safe page to return to, and
// the reset token.

export interface InvitationLink {
  attendeeId: string;
  email: string;
  token: string;
}

export interface LinkSearch {
  attendeeId?: string;
  email?: string;
  token?: string;
}

/** A search value as text: the router turns digit-only values into numbers. */
export function searchText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= 512 ? trimmed : undefined;
}

/**
 * Only a path inside this app: starts with one `/` (not `//` or `/\`, which
 * browsers read as another host) and has no control characters.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/**
 * The invitation parameters from the query, else from the hash
 * (`#attendeeId=…&email=…&token=…`). Null when there is no attendee id:
 * then there is nothing to sign up for.
 */
export function invitationFrom(search: LinkSearch, hash: string): Partial<InvitationLink> | null {
  const fromHash = hashParams(hash);
  const pick = (key: keyof LinkSearch) => search[key] ?? searchText(fromHash.get(key) ?? undefined);
  const attendeeId = pick('attendeeId');
  if (!attendeeId) return null;
  return { attendeeId, email: pick('email'), token: pick('token') };
}

/** An emailed sign-in link: `/auth?signin=<id>&code=<code>`. */
export interface SignInLink {
  id: string;
  code: string;
}

/** The sign-in link from the query; null unless both parts are there. */
export function signInLinkFrom(search: { signin?: string; code?: string }): SignInLink | null {
  return search.signin && search.code ? { id: search.signin, code: search.code } : null;
}

export const isCompleteInvitation = (link: Partial<InvitationLink>): link is InvitationLink =>
  Boolean(link.attendeeId && link.email && link.token);

/** The reset token from `?token=…`, or from a recovery hash (`#type=recovery&token=…`). */
export function resetTokenFrom(search: { token?: string }, hash: string): string | null {
  if (search.token) return search.token;
  const fromHash = hashParams(hash);
  if (fromHash.get('type') !== 'recovery') return null;
  return searchText(fromHash.get('token') ?? fromHash.get('access_token') ?? undefined) ?? null;
}
