// The Sign Up tab without an invitation link: why sign-up is not open here,
// where the invitation comes from, and a form to have it sent again. The
// server answers every address alike (it never says whether one is known), so
// the page says the same after every request.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconMailCheck, IconSend } from '@tabler/icons-react';
import { requestInvitationResend } from '../authApi';
import { readAuthFailure } from '../authFailure';
import { FieldMessages, InvitationHelp as Texts, ServerMessages, SignUpNotAvailable } from '../authMessages';
import { resetEmailProblem } from '../authValidation';

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
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = resetEmailProblem(email);
    setFieldError(problem);
    setFailure(null);
    setSent(false);
    if (problem) return;
    setBusy(true);
    try {
      await requestInvitationResend(email);
      setSent(true);
    } catch (error) {
      const { status, message, fieldErrors } = readAuthFailure(error);
      if (fieldErrors.email) setFieldError(fieldErrors.email === FieldMessages.resetEmailRequired ? fieldErrors.email : FieldMessages.emailInvalid);
      else if (status === 429) setFailure(message || ServerMessages.tooManyAttempts);
      else if (status === 0) setFailure(ServerMessages.unreachable);
      else setFailure(ServerMessages.unexpected);
    } finally {
      setBusy(false);
    }
  }

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
      <form onSubmit={submit} noValidate aria-label={Texts.button}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            size="md"
            autoComplete="email"
            placeholder="you@company.com.au"
            value={email}
            error={fieldError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          {sent && (
            <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title={Texts.sentTitle} p="sm">
              {Texts.sent}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" p="sm">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconSend size={18} />}>
            {Texts.button}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {Texts.haveAccount}{' '}
        <Anchor component="button" type="button" size="sm" onClick={onSignIn}>
          {Texts.goToSignIn}
        </Anchor>
      </Text>
    </Stack>
  );
}
