import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { OfferNotice } from '../offerNotice';

/** Why a waitlist offer's claim link cannot register a seat now (used, declined, expired, withdrawn, refused or unreachable). */
export function OfferEndedNotice({ notice, onRetry }: { notice: OfferNotice; onRetry: () => void }) {
  return (
    <Alert color={notice.tone} variant="light" radius="md" title={notice.title} icon={<IconInfoCircle size={18} />} role="status" data-testid="waitlist-offer-ended">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{notice.text}</Text>
        {notice.retry ? (
          <Button size="xs" variant="light" color={notice.tone} leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        {notice.showWaitlist ? (
          <Text size="sm">
            <Anchor renderRoot={(props) => <Link to="/register" search={{ waitlist: true }} {...props} />}>Register for future events</Anchor> to hear when
            places open again.
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
