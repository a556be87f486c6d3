// The invitation a sign-up link carries, checked with the server: the
// attendee's name to prefill, or why the link cannot be used.
import { useEffect, useState } from 'react';
import { fetchInvitation, type Invitation } from './authApi';
import { invitationProblem, readAuthFailure, type InvitationProblem } from './authFailure';
import { isCompleteInvitation, type InvitationLink } from './authLinks';

export type InvitationState =
  | { status: 'none' }
  | { status: 'incomplete' }
  | { status: 'checking' }
  | { status: 'ready'; link: InvitationLink; invitation: Invitation }
  | { status: 'problem'; problem: InvitationProblem };

// The link's three values as one string, so the check runs once per link.
const keyOf = (link: InvitationLink) => [link.attendeeId, link.email, link.token].join('\n');
function linkOf(key: string): InvitationLink {
  const [attendeeId = '', email = '', token = ''] = key.split('\n');
  return { attendeeId, email, token };
}

export function useInvitation(link: Partial<InvitationLink> | null): InvitationState {
  const complete = link && isCompleteInvitation(link) ? link : null;
  const key = complete ? keyOf(complete) : null;
  const [answer, setAnswer] = useState<{ key: string; state: InvitationState } | null>(null);

  useEffect(() => {
    if (!key) return;
    const checked = linkOf(key);
    let current = true;
    fetchInvitation(checked).then(
      (invitation) => {
        if (current) setAnswer({ key, state: { status: 'ready', link: checked, invitation } });
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Could not check the invitation', error);
        const problem = invitationProblem(readAuthFailure(error)) ?? 'not_valid';
        setAnswer({ key, state: { status: 'problem', problem } });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);

  if (!link) return { status: 'none' };
  if (!complete) return { status: 'incomplete' };
  return answer?.key === key ? answer.state : { status: 'checking' };
}
