// "Attendees and changes" for the chosen masterclass: how many hold seats; a
// change of date, times or place saved where nobody could ask (the PocketBase
// dashboard, or a seat sold between the question and the save) offered to be
// told now; and cancelling the whole masterclass, asked first with the number
// of seats and the total refunded. The server decides and counts everything
// (pb_hooks/lib/notices/); `reloadKey` reloads the card after the form saved a
// change.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconMailForward } from '@tabler/icons-react';
import { notify } from '@/components/notify';
import { formatZonedInstant } from '@/lib/eventWhen';
import { type AdminEventRow, saveFailure } from './eventAdminApi';
import { type EventNotices, attendeesCount, cancelWholeEvent, fetchNotices, notifyLastChange } from './eventNoticesApi';
import { useEventCardData } from './useEventCardData';
import { LoadErrorAlert } from './LoadErrorAlert';

const people = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;
const seatsWord = (count: number) => `${count} ${count === 1 ? 'seat' : 'seats'}`;

export interface AttendeeNoticesCardProps {
  event: AdminEventRow;
  reloadKey: number;
  /** After the masterclass was cancelled: the page reads the event again (its sales state changed). */
  onCancelled: () => void;
}

export function AttendeeNoticesCard({ event, reloadKey, onCancelled }: AttendeeNoticesCardProps) {
  const { data, setData, loadError, load } = useEventCardData<EventNotices>(event.id, fetchNotices);
  const [telling, setTelling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => {
    if (reloadKey > 0) load();
  }, [reloadKey, load]);

  const tell = async () => {
    setTelling(true);
    try {
      const answer = await notifyLastChange(event.id);
      notify({ topic: 'event-notices', kind: 'success', title: 'Attendees notified', message: `${attendeesCount(answer.notified)} are being emailed the new details.` });
      load();
    } catch (error) {
      notify({ topic: 'event-notices', kind: 'error', title: 'Failed to notify', message: saveFailure(error).message });
      load();
    } finally {
      setTelling(false);
    }
  };

  const cancelAll = async () => {
    setCancelling(true);
    try {
      const answer = await cancelWholeEvent(event.id);
      setData(answer.notices);
      setConfirming(false);
      notify({
        topic: 'event-notices',
        kind: answer.failedRefunds > 0 ? 'error' : 'success',
        title: 'Masterclass cancelled',
        message: answer.alreadyCancelled && answer.seats === 0
          ? 'This masterclass was already cancelled: nothing more was refunded or sent.'
          : `${seatsWord(answer.seats)} cancelled, ${answer.refundText} refunded for ${seatsWord(answer.refunds)}, ${people(answer.waitlist)} on the waitlist told.${answer.failedRefunds > 0 ? ` ${answer.failedRefunds} refunds failed: see Needs your attention.` : ''}`,
      });
      onCancelled();
    } catch (error) {
      notify({ topic: 'event-notices', kind: 'error', title: 'Failed to cancel the masterclass', message: saveFailure(error).message });
      load();
    } finally {
      setCancelling(false);
    }
  };

  const cancel = data?.cancel;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="event-notices-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" c="navy.9" id="event-notices-title">
            Attendees and changes
          </Title>
          <Text size="sm" c="dimmed">
            When you change the date, times or place while people hold seats, saving asks whether to email them the new details with an updated calendar file.
          </Text>
        </div>

        {loadError ? <LoadErrorAlert title="The attendees' notices could not be loaded" message={loadError} onRetry={load} /> : null}

        {data ? (
          <>
            {data.cancelledAt ? (
              <Alert color="red" icon={<IconBan size={18} />} title="This masterclass is cancelled" data-testid="event-cancelled">
                Cancelled on {formatZonedInstant(data.cancelledAt, event.timezone)}. Its seats were cancelled and refunded in full, every attendee and the waitlist were emailed, and sales are closed.
              </Alert>
            ) : (
              <Text size="sm" data-testid="event-holders">
                {data.holders === 0 ? 'Nobody holds a seat yet.' : `${attendeesCount(data.holders)} ${data.holders === 1 ? 'holds' : 'hold'} a seat.`}
              </Text>
            )}

            {data.untoldChange && data.holders > 0 ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Attendees have not been told of the last change" data-testid="untold-change">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    The date, times or place changed
                    {data.scheduleChangedAt ? ` on ${formatZonedInstant(data.scheduleChangedAt, event.timezone)}` : ''} without this page asking (for example in the
                    PocketBase dashboard). The {attendeesCount(data.holders)} holding seats still have the old details in their calendars.
                  </Text>
                  <Button size="xs" color="navy" leftSection={<IconMailForward size={16} />} loading={telling} onClick={() => void tell()}>
                    Notify {attendeesCount(data.holders)}
                  </Button>
                </Stack>
              </Alert>
            ) : null}

            {cancel && cancel.cancellable ? (
              <Group justify="space-between" align="center" wrap="wrap" gap="sm">
                <Text size="sm" c="dimmed" maw={620}>
                  Cancelling the whole masterclass cancels every seat, refunds each paid seat in full, emails every attendee and the waitlist, and closes sales.
                </Text>
                <Button color="red" variant="light" leftSection={<IconBan size={18} />} onClick={() => setConfirming(true)}>
                  Cancel this masterclass
                </Button>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>

      <Modal
        opened={confirming && !!cancel}
        onClose={cancelling ? () => undefined : () => setConfirming(false)}
        title="Cancel this masterclass?"
        centered
        closeOnClickOutside={!cancelling}
        closeOnEscape={!cancelling}
        withCloseButton={!cancelling}
      >
        {cancel ? (
          <Stack gap="md">
            <Text size="sm" data-testid="cancel-event-summary">
              {cancel.seats === 0
                ? 'Nobody holds a seat.'
                : `${attendeesCount(cancel.seats)} lose${cancel.seats === 1 ? 's' : ''} their seat${cancel.seats === 1 ? '' : 's'}; ${cancel.paidSeats === 0 ? 'no seat was paid for, so nothing is refunded' : `${seatsWord(cancel.paidSeats)} paid for ${cancel.paidSeats === 1 ? 'is' : 'are'} refunded in full, ${cancel.refundText} in all`}.`}{' '}
              {cancel.waitlist > 0 ? `${people(cancel.waitlist)} on the waitlist ${cancel.waitlist === 1 ? 'is' : 'are'} told it is cancelled.` : ''} Sales close. This cannot be undone.
            </Text>
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={cancelling}>
                Keep the masterclass
              </Button>
              <Button color="red" loading={cancelling} onClick={() => void cancelAll()}>
                {cancel.refundCents > 0 ? `Cancel and refund ${cancel.refundText}` : 'Cancel the masterclass'}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
