// What the sign-out dialog says (docs/product.md "Signing out").
import type { UnsentChanges } from '@/sync/signOut';

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);
const checkIns = (count: number) => (count === 1 ? '1 check-in' : `${count} check-ins`);

export const SignOutTexts = {
  title: 'Changes not sent yet',
  intro: (unsent: UnsentChanges) =>
    unsent.total === 1
      ? '1 of your changes has not reached the server yet:'
      : `${unsent.total} of your changes have not reached the server yet:`,
  kinds: (unsent: UnsentChanges): string[] => [
    ...(unsent.pending > 0 ? [`${changes(unsent.pending)} waiting to be sent`] : []),
    ...(unsent.failed > 0 ? [`${changes(unsent.failed)} the server could not accept`] : []),
    ...(unsent.conflicts > 0 ? [`${changes(unsent.conflicts)} edited on the server too, waiting for Keep mine or Use the server's`] : []),
    ...(unsent.checkIns > 0 ? [`${checkIns(unsent.checkIns)} made at the door, sent by whichever administrator is signed in here next`] : []),
  ],
  question: 'What should happen to them?',
  sendNow: 'Send now',
  sendNowHelp: 'Sends them now, then signs you out once everything has arrived.',
  sendNowOffline: 'You are offline: sending needs a connection.',
  keep: 'Keep for next sign-in',
  keepHelp: 'They stay on this device and are sent the next time you sign in here. The rest of your data leaves this device, and nobody else who signs in here sees them.',
  discard: 'Discard them',
  discardHelp: 'They are deleted and cannot be recovered.',
  discardConfirm: (unsent: UnsentChanges) => `Discard ${changes(unsent.total)} for good?`,
  discardYes: 'Discard and sign out',
  back: 'Back',
  stay: 'Stay signed in',
  notAllSent: (unsent: UnsentChanges) =>
    `${unsent.total === 1 ? '1 change was' : `${unsent.total} changes were`} not sent.`,
  notAllSentConflicts: 'A change also made on the server waits for your choice: open the sync status and pick Keep mine or Use the server\'s.',
  notAllSentRetry: 'Check your connection and try again, or keep or discard them.',
} as const;
