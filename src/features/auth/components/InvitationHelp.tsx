// The Sign Up tab without an invitation link: why sign-up is not open here,
// where the invitation comes from, and a form to have it sent again. The
// server answers every address alike (it never says whether one is known), so
// the page says the same after every request.
import { useState } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { requestInvitationResend } from '../authApi';
import { readAuthFailure } from '../authFailure';
import { FieldMessages, InvitationHelp as Texts, ServerMessages, SignUpNotAvailable } from '../authMessages';
import { EmailRequestForm, useEmailRequest } from './EmailRequestForm';

/** 'Sign Up Not Available' (the spec's words) and why; `onGetInvitation` adds a way to the help below it. */
export function SignUpNotAvailableNote({ onGetInvitation }: { onGetInvitation?: () => void }) {
  return (
    <Alert color="navy" variant="light" icon={<IconInfoCircle size={18} />} title={SignUpNotAvailable.title} p="sm">
      {SignUpNotAvailable.message}
      {onGetInvitation && (
        <>
          {' '}
          <Anchor component="button" type="button" size="sm" onClick={onGetInvitation} style={{ verticalAlign: 'baseline' }}>
            {Texts.getInvitation}
          </Anchor>
        </>
      )}
    </Alert>
  );
}

export function InvitationHelp({ onSignIn }: { onSignIn: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const request = useEmailRequest({
    send: async (email) => {
      await requestInvitationResend(email);
      setSent(true);
    },
    onSubmit: () => {
      setFailure(null);
      setSent(false);
    },
    onFailure: (error) => {
      const { status, message, fieldErrors } = readAuthFailure(error);
      if (fieldErrors.email) return fieldErrors.email === FieldMessages.resetEmailRequired ? fieldErrors.email : FieldMessages.emailInvalid;
      if (status === 429) setFailure(message || ServerMessages.tooManyAttempts);
      else if (status === 0) setFailure(ServerMessages.unreachable);
      else setFailure(ServerMessages.unexpected);
      return null;
    },
  });

  return (
    <Stack gap="md">
      <SignUpNotAvailableNote />
      <Stack gap={6}>
        <Title order={2} size="h4">
          {Texts.heading}
        </Title>
        <Text size="sm">{Texts.howItComes}</Text>
        <Text size="sm">{Texts.askAgain}</Text>
      </Stack>
      <EmailRequestForm
        request={request}
        label={Texts.button}
        sent={sent ? { title: Texts.sentTitle, message: Texts.sent } : null}
        failure={failure}
        button={Texts.button}
      />
      <Text size="sm" ta="center">
        {Texts.haveAccount}{' '}
        <Anchor component="button" type="button" size="sm" onClick={onSignIn}>
          {Texts.goToSignIn}
        </Anchor>
      </Text>
    </Stack>
  );
}
