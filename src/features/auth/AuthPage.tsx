import { useEffect, useState } from 'react';
import { Alert, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconAlertCircle, IconCloudUpload, IconInfoCircle } from '@tabler/icons-react';
import { UNSENT_CHANGES_KEPT_KEY } from '@/lib/session';
import type { InvitationProblem } from './authFailure';
import type { InvitationLink, SignInLink } from './authLinks';
import { InvitationMessages, SignInLinkTexts, Toasts, UnsentChangesKept } from './authMessages';
import { AccountDeletedNotice } from './components/AccountDeletedNotice';
import { AuthLayout } from './components/AuthLayout';
import { SignInForm } from './components/SignInForm';
import { SignUpNotAvailableNote } from './components/InvitationHelp';
import { SignUpPanel } from './components/SignUpPanel';
import { useFinishSignIn } from './useFinishSignIn';
import { useInvitation, type InvitationState } from './useInvitation';
import { useSignInLink } from './useSignInLink';

type AuthTab = 'signin' | 'signup';

interface AuthPageProps {
  /** From the invitation link; null when the visitor came without one. */
  invitationLink: Partial<InvitationLink> | null;
  /** From an emailed sign-in link; null when the visitor came without one. */
  signInLink?: SignInLink | null;
  /** A path inside the app to return to after signing in. */
  redirect?: string;
}

/**
 * /auth: Sign In (with a password, or an emailed sign-in link, used as soon as
 * the page opens with one), and Sign Up only through an invitation link (spec
 * section 2, DESIGN decision 6).
 */
export function AuthPage({ invitationLink, signInLink = null, redirect }: AuthPageProps) {
  const checked = useInvitation(invitationLink);
  // A problem the sign-up itself ran into outranks the earlier check.
  const [signUpProblem, setSignUpProblem] = useState<InvitationProblem | null>(null);
  const invitation: InvitationState = signUpProblem ? { status: 'problem', problem: signUpProblem } : checked;
  const alreadyUsed =
    (invitation.status === 'ready' && invitation.invitation.accountExists) ||
    (invitation.status === 'problem' && invitation.problem === 'already_used');

  const [chosenTab, setChosenTab] = useState<AuthTab | null>(null);
  const tab: AuthTab = chosenTab ?? (invitationLink && !alreadyUsed ? 'signup' : 'signin');
  const finishSignIn = useFinishSignIn(redirect);
  const unsentChangesKept = useUnsentChangesNotice();
  const linkSignIn = useSignInLink(signInLink, () => finishSignIn(Toasts.welcomeBack));

  return (
    <AuthLayout subtitle="Attendee portal">
      <Tabs value={tab} onChange={(value) => setChosenTab(value === 'signup' ? 'signup' : 'signin')}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="signin" fz="md" fw={600}>
            Sign In
          </Tabs.Tab>
          <Tabs.Tab value="signup" fz="md" fw={600}>
            Sign Up
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signin">
          <Stack gap="md">
            <AccountDeletedNotice />
            {unsentChangesKept && (
              <Alert color="yellow" variant="light" icon={<IconCloudUpload size={18} />} title={UnsentChangesKept.title} p="sm">
                {UnsentChangesKept.message}
              </Alert>
            )}
            {alreadyUsed && (
              <Alert color="navy" variant="light" icon={<IconInfoCircle size={18} />} p="sm">
                {InvitationMessages.alreadyUsed}
              </Alert>
            )}
            {linkSignIn.status === 'failed' && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="sm">
                {linkSignIn.message}
              </Alert>
            )}
            {linkSignIn.status === 'using' ? (
              <Group gap="sm" justify="center" py="xl" role="status">
                <Loader size="sm" />
                <Text>{SignInLinkTexts.signingIn}</Text>
              </Group>
            ) : (
              <SignInForm initialEmail={invitationLink?.email ?? ''} onSignedIn={() => finishSignIn(Toasts.welcomeBack)} />
            )}
            {!invitationLink && !signInLink && <SignUpNotAvailableNote onGetInvitation={() => setChosenTab('signup')} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpPanel
            invitation={invitation}
            onSignedIn={() => finishSignIn(Toasts.accountCreated)}
            onInvitationProblem={(problem) => {
              setSignUpProblem(problem);
              if (problem === 'already_used') setChosenTab('signin');
            }}
            onSignInNeeded={() => setChosenTab('signin')}
          />
        </Tabs.Panel>
      </Tabs>
    </AuthLayout>
  );
}

/** Whether the sign-out that led here kept changes not sent yet (see signOut); told once. */
function useUnsentChangesNotice(): boolean {
  const [kept] = useState(() => window.sessionStorage.getItem(UNSENT_CHANGES_KEPT_KEY) === 'true');
  useEffect(() => window.sessionStorage.removeItem(UNSENT_CHANGES_KEPT_KEY), []);
  return kept;
}
