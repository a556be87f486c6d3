// The auth calls: PocketBase's own (password sign-in, reset) and the
// masterclass invitation routes (DESIGN "Server routes", decision 6).
import { pb } from '@/lib/pocketbase';
import { Collections } from '@/lib/collections';
import type { InvitationLink } from './authLinks';

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
