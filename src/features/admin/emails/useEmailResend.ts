// Resend on the Emails page: which of the shown emails may be sent again (the
// server says, row by row, and why not), and sending one again as a copy.
import { useCallback, useEffect, useState } from 'react';
import { notify } from '@/components/notify';
import { resendEmail, resendOptions, type OutboxEmail, type ResendOption } from './emailsApi';

export interface EmailResend {
  /** The option for an email, or undefined while it is being worked out. */
  optionFor: (email: OutboxEmail) => ResendOption | undefined;
  /** The id of the email being resent, or null. */
  resending: string | null;
  resend: (email: OutboxEmail) => Promise<void>;
}

const DELIVERED = new Set(['sent', 'captured']);
const RESEND_TITLE = 'Resend';

/** `emails`: the shown ones (only delivered ones are asked about); `onResent` reloads the list. */
export function useEmailResend(emails: OutboxEmail[], onResent: () => void): EmailResend {
  const key = emails
    .filter((email) => DELIVERED.has(email.status))
    .map((email) => email.id)
    .join(',');
  const [options, setOptions] = useState<Record<string, ResendOption>>({});
  const [resending, setResending] = useState<string | null>(null);

  useEffect(() => {
    if (!key) return;
    let current = true;
    resendOptions(key.split(','))
      .then((found) => current && setOptions((previous) => ({ ...previous, ...found })))
      .catch(() => undefined); // without an answer no Resend is offered: nothing is shown that may not work
    return () => {
      current = false;
    };
  }, [key]);

  const optionFor = useCallback(
    (email: OutboxEmail) => (DELIVERED.has(email.status) ? options[email.id] : { allowed: false, reason: '' }),
    [options],
  );

  const resend = async (email: OutboxEmail) => {
    setResending(email.id);
    const outcome = await resendEmail(email.id);
    setResending(null);
    // one title for every outcome, so a later answer replaces the notice of an earlier one
    if (outcome.ok && outcome.status === 'queued') {
      notify({
        topic: 'email-send',
        kind: 'warning',
        title: RESEND_TITLE,
        message: `The copy to ${outcome.to} could not be sent right now. It stays queued and will be retried automatically.`,
      });
    } else if (outcome.ok) {
      notify({
        topic: 'email-send',
        kind: 'success',
        title: RESEND_TITLE,
        message: outcome.status === 'captured' ? `A copy to ${outcome.to} was captured (no mail server is set up)` : `A copy was sent to ${outcome.to}`,
      });
    } else {
      notify({ topic: 'email-send', kind: 'error', title: RESEND_TITLE, message: outcome.message });
    }
    onResent();
  };

  return { optionFor, resending, resend };
}
