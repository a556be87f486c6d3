// The question asked before signing out while changes of the account have not
// reached the server (waiting, refused, or edited on both sides): Send now,
// Keep for next sign-in, Discard them (asked twice), or Stay signed in.
// Nothing is dropped without that choice (src/sync/signOut.ts).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useOnline } from '@/pwa/useOnline';
import type { UnsentChanges, UnsentChoice } from '@/sync/signOut';
import { SignOutTexts } from './signOutTexts';

export type SignOutStep = null | 'send' | 'keep' | 'discard';

interface SignOutDialogProps {
  unsent: UnsentChanges | null;
  /** What runs now (its button shows a loader, the others wait). */
  busy: SignOutStep;
  /** Set after Send now when something is still not sent. */
  notAllSent: boolean;
  onSend: () => void;
  onSignOut: (unsent: UnsentChoice) => void;
  onClose: () => void;
}

export function SignOutDialog({ unsent, busy, notAllSent, onSend, onSignOut, onClose }: SignOutDialogProps) {
  const online = useOnline();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const close = () => {
    setConfirmDiscard(false);
    onClose();
  };
  return (
    <Modal opened={unsent !== null} onClose={close} title={SignOutTexts.title} centered closeButtonProps={{ 'aria-label': 'Close' }} closeOnClickOutside={busy === null} closeOnEscape={busy === null}>
      {unsent && (
        <Stack gap="md" data-testid="sign-out-dialog">
          {notAllSent && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="sm" title={SignOutTexts.notAllSent(unsent)}>
              {unsent.conflicts > 0 ? SignOutTexts.notAllSentConflicts : SignOutTexts.notAllSentRetry}
            </Alert>
          )}
          <div>
            <Text size="sm">{SignOutTexts.intro(unsent)}</Text>
            <List size="sm" mt={6} spacing={2}>
              {SignOutTexts.kinds(unsent).map((kind) => <List.Item key={kind}>{kind}</List.Item>)}
            </List>
          </div>
          {confirmDiscard ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>{SignOutTexts.discardConfirm(unsent)}</Text>
              <Text size="sm">{SignOutTexts.discardHelp}</Text>
              <Group gap="sm" justify="flex-end">
                <Button variant="default" onClick={() => setConfirmDiscard(false)} disabled={busy !== null}>{SignOutTexts.back}</Button>
                <Button color="red.8" onClick={() => onSignOut('discard')} loading={busy === 'discard'} disabled={busy !== null && busy !== 'discard'}>
                  {SignOutTexts.discardYes}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm">
              <Text size="sm" fw={600}>{SignOutTexts.question}</Text>
              <Choice help={online ? SignOutTexts.sendNowHelp : SignOutTexts.sendNowOffline} id="sign-out-send-help">
                <Button fullWidth onClick={onSend} loading={busy === 'send'} disabled={!online || (busy !== null && busy !== 'send')} aria-describedby="sign-out-send-help">
                  {SignOutTexts.sendNow}
                </Button>
              </Choice>
              <Choice help={SignOutTexts.keepHelp} id="sign-out-keep-help">
                <Button fullWidth variant="default" onClick={() => onSignOut('keep')} loading={busy === 'keep'} disabled={busy !== null && busy !== 'keep'} aria-describedby="sign-out-keep-help">
                  {SignOutTexts.keep}
                </Button>
              </Choice>
              <Choice help={SignOutTexts.discardHelp} id="sign-out-discard-help">
                <Button fullWidth variant="outline" color="red.8" onClick={() => setConfirmDiscard(true)} disabled={busy !== null} aria-describedby="sign-out-discard-help">
                  {SignOutTexts.discard}
                </Button>
              </Choice>
              <Button variant="default" onClick={close} disabled={busy !== null}>{SignOutTexts.stay}</Button>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Choice({ help, id, children }: { help: string; id: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      {children}
      <Text size="xs" c="dimmed" id={id}>{help}</Text>
    </Stack>
  );
}
