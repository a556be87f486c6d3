// The event's promo codes: what each gives, its limit, uses so far, expiry
// (in the event's time zone) and state; a form to create one; Deactivate
// (with a confirmation) and Activate. Codes are never deleted: registrations
// made with one keep pointing at it.
import { useState } from 'react';
import {
  Alert, Badge, Button, Card, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden,
} from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTicket } from '@tabler/icons-react';
import type { EventRow } from '@/db';
import { notify } from '@/components/notify';
import { type PromoCodeRow, createPromoCode, saveFailure, setPromoCodeActive } from './eventAdminApi';
import { formatZoned, fromZonedValue } from './eventTime';
import { PROMO_GIVES, PROMO_STATUS_COLOR, PROMO_STATUS_LABEL, promoStatus } from './promoStatus';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';
import { LoadErrorAlert } from './LoadErrorAlert';

const CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

interface NewCodeValues {
  code: string;
  max_uses: number | string;
  expiresDay: Date | null;
  expiresTime: string;
}

const EMPTY: NewCodeValues = { code: '', max_uses: 20, expiresDay: null, expiresTime: '23:59' };

function NewPromoCodeForm({ event, onCreated }: { event: EventRow; onCreated: (promo: PromoCodeRow) => void }) {
  const zone = event.timezone;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewCodeValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      code: (value) => (CODE_PATTERN.test(value.trim()) ? null : 'A promo code is 3 to 64 letters, digits, dashes or underscores.'),
      max_uses: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? null : 'Max uses must be a whole number of at least 1.'),
      expiresDay: (_, values) => {
        if (!values.expiresDay) return null;
        const expires = fromZonedValue({ day: values.expiresDay, time: values.expiresTime }, zone);
        if (!expires) return 'Enter the expiry time too, or clear the date.';
        return new Date(expires.replace(' ', 'T')).getTime() <= Date.now() ? 'The expiry must be in the future.' : null;
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSaving(true);
    try {
      const created = await createPromoCode(event.id, {
        code: values.code.trim(),
        max_uses: Number(values.max_uses),
        expires_at: values.expiresDay ? (fromZonedValue({ day: values.expiresDay, time: values.expiresTime }, zone) ?? '') : '',
      });
      form.reset();
      notify({ topic: 'promo-codes', kind: 'success', title: 'Promo code created', message: `${created.code} gives a free registration for one attendee.` });
      onCreated(created);
    } catch (error) {
      const { message, fields } = saveFailure(error);
      form.setErrors({
        code: fields.code,
        max_uses: fields.max_uses,
        expiresDay: fields.expires_at,
      });
      setFailure(message);
      notify({ topic: 'promo-codes', kind: 'error', title: 'Failed to create promo code', message });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Paper withBorder radius="md" p="md" bg="gray.0">
      <form onSubmit={submit} noValidate aria-labelledby="new-promo-title">
        <Stack gap="sm">
          <Text fw={600} id="new-promo-title">
            New promo code
          </Text>
          <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextInput
              label="Code"
              required
              placeholder="SPRING2027"
              description="Letters, digits, - or _; matched in any letter case."
              {...form.getInputProps('code')}
            />
            <NumberInput label="Max uses" required min={1} allowDecimal={false} allowNegative={false} description="Registrations it can make." {...form.getInputProps('max_uses')} />
            <ZonedDateTimeInput
              label="Expires"
              description="Event time; leave empty for no expiry."
              clearable
              day={form.values.expiresDay}
              time={form.values.expiresTime}
              onDayChange={(day) => form.setFieldValue('expiresDay', day)}
              onTimeChange={(time) => form.setFieldValue('expiresTime', time)}
              error={form.errors.expiresDay}
            />
          </ResponsiveGrid>
          {failure ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to create promo code">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconPlus size={18} />} color="navy">
              Create promo code
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function StatusBadge({ promo, now }: { promo: PromoCodeRow; now: Date }) {
  const status = promoStatus(promo, now);
  return (
    <Badge color={PROMO_STATUS_COLOR[status]} variant="light" tt="none" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
      {PROMO_STATUS_LABEL[status]}
    </Badge>
  );
}

interface RowActionProps {
  promo: PromoCodeRow;
  busy: boolean;
  onDeactivate: (promo: PromoCodeRow) => void;
  onActivate: (promo: PromoCodeRow) => void;
}

function RowAction({ promo, busy, onDeactivate, onActivate }: RowActionProps) {
  return promo.active ? (
    <Button size="xs" variant="light" color="red" loading={busy} onClick={() => onDeactivate(promo)} aria-label={`Deactivate ${promo.code}`}>
      Deactivate
    </Button>
  ) : (
    <Button size="xs" variant="light" color="navy" loading={busy} onClick={() => onActivate(promo)} aria-label={`Activate ${promo.code}`}>
      Activate
    </Button>
  );
}

export interface PromoCodesSectionProps {
  event: EventRow;
  codes: PromoCodeRow[] | null;
  loadError: string | null;
  onReload: () => void;
  onChanged: (promo: PromoCodeRow) => void;
}

export function PromoCodesSection({ event, codes, loadError, onReload, onChanged }: PromoCodesSectionProps) {
  const zone = event.timezone;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PromoCodeRow | null>(null);
  const now = new Date();

  const setActive = async (promo: PromoCodeRow, active: boolean) => {
    setBusyId(promo.id);
    try {
      const saved = await setPromoCodeActive(promo.id, active);
      notify({
        topic: 'promo-codes',
        kind: 'success',
        title: active ? 'Promo code activated' : 'Promo code deactivated',
        message: active ? `${saved.code} can be used again while it has uses left and has not expired.` : `${saved.code} no longer works.`,
      });
      onChanged(saved);
    } catch (error) {
      notify({ topic: 'promo-codes', kind: 'error', title: 'Failed to update promo code', message: saveFailure(error).message });
    } finally {
      setBusyId(null);
      setConfirming(null);
    }
  };

  const expiry = (promo: PromoCodeRow) => (promo.expires_at ? formatZoned(promo.expires_at, zone) : 'No expiry');
  const actionProps = (promo: PromoCodeRow): RowActionProps => ({
    promo, busy: busyId === promo.id, onDeactivate: setConfirming, onActivate: (row) => void setActive(row, true),
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="promo-codes-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" c="navy.9" id="promo-codes-title">
            Promo codes
          </Title>
          <Text size="sm" c="dimmed">
            Each code gives a free registration for one attendee while it is active, unexpired and has uses left, and sales are open.
          </Text>
        </div>

        <NewPromoCodeForm event={event} onCreated={onChanged} />

        {loadError ? <LoadErrorAlert title="Failed to load promo codes" message={loadError} onRetry={onReload} /> : null}

        {codes && codes.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No promo codes yet.
          </Text>
        ) : null}

        {codes && codes.length > 0 ? (
          <>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table verticalSpacing="sm" highlightOnHover aria-label="Promo codes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Gives</Table.Th>
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                      Max uses
                    </Table.Th>
                    <Table.Th ta="right">Used</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {codes.map((promo) => (
                    <Table.Tr key={promo.id} data-testid="promo-row">
                      <Table.Td>
                        <Text ff="monospace" fw={600}>
                          {promo.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>{PROMO_GIVES}</Table.Td>
                      <Table.Td ta="right">{promo.max_uses}</Table.Td>
                      <Table.Td ta="right">{promo.used_count}</Table.Td>
                      <Table.Td>{expiry(promo)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <StatusBadge promo={promo} now={now} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <RowAction {...actionProps(promo)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>

            <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Promo codes">
              {codes.map((promo) => (
                <Paper key={promo.id} component="li" withBorder radius="md" p="sm" data-testid="promo-card">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      <IconTicket size={18} aria-hidden />
                      <Text ff="monospace" fw={600} truncate>
                        {promo.code}
                      </Text>
                    </Group>
                    <StatusBadge promo={promo} now={now} />
                  </Group>
                  <Text size="sm" mt={4}>
                    {PROMO_GIVES}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Used {promo.used_count} of {promo.max_uses} · {promo.expires_at ? `Expires ${expiry(promo)}` : 'No expiry'}
                  </Text>
                  <Group justify="flex-end" mt="xs">
                    <RowAction {...actionProps(promo)} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        ) : null}
      </Stack>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `Deactivate ${confirming.code}?` : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            The code stops working at once: the registration form will call it invalid. Registrations already made with it keep their seats. You can
            activate it again later.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button color="red" loading={confirming !== null && busyId === confirming.id} onClick={() => confirming && void setActive(confirming, false)}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
