import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { InvitationProblem } from '../authFailure';
import { InvitationMessages } from '../authMessages';
import type { InvitationState } from '../useInvitation';
import { InvitationHelp } from './InvitationHelp';
import { SignUpForm } from './SignUpForm';

interface SignUpPanelProps {
  invitation: InvitationState;
  onSignedIn: () => void;
  onInvitationProblem: (problem: InvitationProblem) => void;
  onSignInNeeded: () => void;
}

/** The Sign Up tab: the invitation's form, or why there is none and how to get one. */
export function SignUpPanel({ invitation, onSignedIn, onInvitationProblem, onSignInNeeded }: SignUpPanelProps) {
  switch (invitation.status) {
    case 'none':
      return <InvitationHelp onSignIn={onSignInNeeded} />;
    case 'incomplete':
      return <InvitationAlert title="Invitation not valid">{InvitationMessages.incomplete}</InvitationAlert>;
    case 'checking':
      return (
        <Group gap="sm" py="lg" justify="center" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Checking your invitation…</Text>
        </Group>
      );
    case 'problem':
      return <InvitationProblemAlert problem={invitation.problem} onSignIn={onSignInNeeded} />;
    case 'ready':
      if (invitation.invitation.accountExists) return <InvitationProblemAlert problem="already_used" onSignIn={onSignInNeeded} />;
      return (
        <>
          <Text size="sm" c="dimmed" mb="md">
            Choose a password to create your account for the attendee portal.
          </Text>
          <SignUpForm
            link={invitation.link}
            invitation={invitation.invitation}
            onSignedIn={onSignedIn}
            onInvitationProblem={onInvitationProblem}
            onSignInNeeded={onSignInNeeded}
          />
        </>
      );
  }
}

function InvitationAlert({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title}>
      {children}
    </Alert>
  );
}

function InvitationProblemAlert({ problem, onSignIn }: { problem: InvitationProblem; onSignIn: () => void }) {
  if (problem === 'already_used') {
    return (
      <Alert color="navy" variant="light" icon={<IconInfoCircle size={18} />} title="Account already created">
        <Text size="sm">{InvitationMessages.alreadyUsed}</Text>
        <Button mt="sm" variant="light" onClick={onSignIn}>
          Go to Sign In
        </Button>
      </Alert>
    );
  }
  if (problem === 'unreachable') return <InvitationAlert title="Invitation not checked">{InvitationMessages.unreachable}</InvitationAlert>;
  return (
    <InvitationAlert title="Invitation not valid">
      {InvitationMessages.notValid} {InvitationMessages.notValidHelp}
    </InvitationAlert>
  );
}
