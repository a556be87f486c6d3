// What Your Registration says when a change is no longer possible here: the
// cut-off passed (until when, and a contact link), the seat checked in at the
// door, or the registration closed to changes for another reason.
import { Anchor, Text } from '@mantine/core';
import type { MyRegistration } from './myRegistrationApi';

export function ClosedNote({ server, what }: { server: MyRegistration; what: 'details' | 'substitution' }) {
  const allowance = server[what];
  const contact = (
    <>
      please <Anchor href={server.contactUrl}>contact us</Anchor>
    </>
  );
  if (allowance.reason === 'checked_in') return <Text size="sm">You have been checked in at the door, so your seat can no longer be passed on.</Text>;
  if (allowance.reason !== 'cutoff') return <Text size="sm">This registration can no longer be changed here. If something needs to change, {contact}.</Text>;
  return what === 'details' ? (
    <Text size="sm">
      Changes to your details were possible until {allowance.untilText}. If something needs to change now, {contact}.
    </Text>
  ) : (
    <Text size="sm">
      A colleague could be sent in your place until {allowance.untilText}. If you cannot attend, {contact}.
    </Text>
  );
}
