// The auth calls: PocketBase's own (password sign-in, reset), the
// masterclass invitation routes (DESIGN "Server routes", decision 6) and the
// emailed sign-in link (pb_hooks/lib/accounts/sign-in-link.js).
import type { AuthRecord } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import type { InvitationLink, SignInLink } from './authLinks';

export interface Invitation {
  attendeeId: string;
  fullName: string;
  email: string;
  accountExists: boolean;
}

export const fetchInvitation = ({ attendeeId, email, token }: InvitationLink) =>
  pb.send<Invitation>(`/api/masterclass/invitations/${encodeURIComponent(attendeeId)}`, {
    method: 'GET',
    query: { email, token },
  });

export interface SignUpRequest extends InvitationLink {
  password: string;
  fullName: string;
}

export const signUpWithInvitation = (request: SignUpRequest) =>
  pb.send<{ userId: string }>('/api/masterclass/signup', { method: 'POST', body: request });

export const signInWithPassword = (email: string, password: string) =>
  pb.collection(Collections.users).authWithPassword(email.trim(), password);

/** PocketBase answers the same whether or not the address has an account. */
export const requestPasswordReset = (email: string) => pb.collection(Collections.users).requestPasswordReset(email.trim());

export const confirmPasswordReset = (token: string, password: string) =>
  pb.collection(Collections.users).confirmPasswordReset(token, password, password);

/** "Send my invitation again": the server answers the same whether or not the address is known. */
export const requestInvitationResend = (email: string) =>
  pb.send<{ message: string }>('/api/masterclass/invitations/resend', { method: 'POST', body: { email: email.trim() } });

/** "Email me a sign-in link": the server answers the same whether or not the address has an account. */
export const requestSignInLink = (email: string) =>
  pb.send<{ message: string }>('/api/masterclass/sign-in-link', { method: 'POST', body: { email: email.trim() } });

/** Signs in with an emailed link (once): the session is stored as a password sign-in's would be. */
export async function signInWithLink({ id, code }: SignInLink): Promise<void> {
  const answer = await pb.send<{ token: string; record: AuthRecord }>('/api/masterclass/sign-in-link/use', { method: 'POST', body: { id, code } });
  pb.authStore.save(answer.token, answer.record);
}
