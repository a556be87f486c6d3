// The ticket for the door: the whole screen black on white, the QR code as
// large as the screen allows, the name and the masterclass; the screen is kept
// awake while it is open (where the browser can).
import { Button, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { groupedTicketCode } from '@/lib/ticket';
import { TicketQr } from './TicketQr';
import type { TicketView } from './ticketView';
import { useScreenWakeLock } from './useScreenWakeLock';

export interface DoorViewProps {
  ticket: TicketView | null;
  onClose: () => void;
}

export function DoorView({ ticket, onClose }: DoorViewProps) {
  const wakeLock = useScreenWakeLock(ticket !== null);
  return (
    <Modal
      opened={ticket !== null}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      transitionProps={{ duration: 0 }}
      styles={{ content: { background: '#ffffff', color: '#000000' }, body: { height: '100%', padding: 0 } }}
    >
      {ticket && (
        <Stack h="100%" mih="100dvh" align="center" justify="center" gap="md" p="md" data-testid="door-view" data-wake-lock={wakeLock}>
          {/* the dialog's name: 'Ticket for the door: {name}' */}
          <Modal.Title c="#000000" ta="center" style={{ fontSize: 'clamp(1.5rem, 6vw, 2.5rem)', lineHeight: 1.2, fontWeight: 800 }}>
            <VisuallyHidden>Ticket for the door: </VisuallyHidden>
            <span data-testid="door-name">{ticket.fullName}</span>
          </Modal.Title>
          <TicketQr payload={ticket.payload} size="min(92vw, 62dvh)" label={`QR code of the ticket of ${ticket.fullName}`} />
          <Stack gap={2} align="center" ta="center">
            <Text fw={700} c="#000000" size="lg">
              {ticket.eventTitle}
            </Text>
            {ticket.when && (
              <Text c="#000000" size="md">
                {ticket.when}
              </Text>
            )}
            <Text ff="monospace" c="#000000" size="sm" mt={4}>
              {groupedTicketCode(ticket.code)}
            </Text>
          </Stack>
          <Button variant="outline" color="dark" size="md" leftSection={<IconX size={18} />} onClick={onClose} data-autofocus>
            Close
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
