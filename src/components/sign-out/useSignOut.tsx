// Sign out from an account menu (the portal's and the admin area's): with
// nothing unsent it signs out at once; otherwise it opens the sign-out dialog
// and does what the user picks there. Returns the menu item's handler and the
// dialog to render beside the menu.
import { useState, type ReactNode } from 'react';
import { sendBeforeSignOut, signOut, unsentBeforeSignOut, type UnsentChanges, type UnsentChoice } from '@/sync/signOut';
import { SignOutDialog, type SignOutStep } from './SignOutDialog';

export function useSignOut(): { start: () => void; dialog: ReactNode } {
  const [unsent, setUnsent] = useState<UnsentChanges | null>(null);
  const [busy, setBusy] = useState<SignOutStep>(null);
  const [notAllSent, setNotAllSent] = useState(false);

  const leave = async (choice: UnsentChoice) => {
    setBusy(choice);
    await signOut(choice);
  };
  const start = () => {
    void (async () => {
      const counted = await unsentBeforeSignOut().catch((error: unknown) => {
        console.error('Could not count the changes not sent', error);
        return null;
      });
      // Nothing unsent (or no way to tell): sign out at once; 'keep' keeps whatever waits.
      if (!counted || counted.total === 0) await leave('keep');
      else setUnsent(counted);
    })();
  };
  const send = () => {
    void (async () => {
      setBusy('send');
      const left = await sendBeforeSignOut().catch((error: unknown) => {
        console.error('Could not send the changes', error);
        return unsent;
      });
      if (left?.total === 0) {
        await leave('keep');
        return;
      }
      setUnsent(left);
      setNotAllSent(true);
      setBusy(null);
    })();
  };

  const dialog = (
    <SignOutDialog
      unsent={unsent}
      busy={busy}
      notAllSent={notAllSent}
      onSend={send}
      onSignOut={(choice) => void leave(choice)}
      onClose={() => {
        setUnsent(null);
        setNotAllSent(false);
      }}
    />
  );
  return { start, dialog };
}
