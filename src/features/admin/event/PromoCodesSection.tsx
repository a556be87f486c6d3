// The event's promo codes: what each gives (a free registration for one
// attendee, or percent or amount off each seat of a paid order, for orders of
// the seats it allows), its limit, uses so far (seats), expiry
// (in the event's time zone) and state; a form to create one; Deactivate
// (with a confirmation) and Activate. Codes are never deleted: registrations
// made with one keep pointing at it.
import { useState } from 'react';
import {
  Alert, Badge, Button, Card, Group, Modal, NumberInput, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title, VisuallyHidden,
} from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlus, IconTicket } from '@tabler/icons-react';
import type { EventRow } from '@/db';
import { notify } from '@/components/notify';
import { type PromoCodeRow, type PromoKind, createPromoCode, saveFailure, setPromoCodeActive } from './eventAdminApi';
import { formatZoned, fromZonedValue } from './eventTime';
import { PROMO_STATUS_COLOR, PROMO_STATUS_LABEL, promoGives, promoStatus } from './promoStatus';
import { formatMoney } from '@/lib/money';
import { ZonedDateTimeInput } from './ZonedDateTimeInput';
import { LoadErrorAlert } from './LoadErrorAlert';

const CODE_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

interface NewCodeValues {
  code: string;
  kind: PromoKind;
  percentOff: number | string;
  /** In dollars, as typed (two decimals). */
  amountOff: number | string;
  max_uses: number | string;
  minSeats: number | string;
  maxSeats: number | string;
  expiresDay: Date | null;
  expiresTime: string;
}

const EMPTY: NewCodeValues = {
  code: '', kind: 'free', percentOff: '', amountOff: '', max_uses: 20, minSeats: '', maxSeats: '', expiresDay: null, expiresTime: '23:59',
};

/** The smallest card payment (pb_hooks/lib/registration/discount.js MIN_PAID_SEAT_CENTS): a discount leaves at least this of a seat. */
const MIN_PAID_SEAT_CENTS = 50;
const MAX_SEATS_PER_ORDER = 50;

const KIND_OPTIONS: { value: PromoKind; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off' },
];

const wholeOrEmpty = (value: number | string) => (value === '' ? 0 : Number(value));
const isWhole = (value: number | string, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const seatsError = (value: number | string) =>
  value === '' || isWhole(value, 1, MAX_SEATS_PER_ORDER) ? null : `Enter a whole number from 1 to ${MAX_SEATS_PER_ORDER}, or leave it empty.`;

function NewPromoCodeForm({ event, onCreated }: { event: EventRow; onCreated: (promo: PromoCodeRow) => void }) {
  const zone = event.timezone;
  const price = event.price_cents;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewCodeValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      code: (value) => (CODE_PATTERN.test(value.trim()) ? null : 'A promo code is 3 to 64 letters, digits, dashes or underscores.'),
      max_uses: (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? null : 'Max uses must be a whole number of at least 1.'),
      percentOff: (value, values) =>
        values.kind !== 'percent' || isWhole(value, 1, 99) ? null : 'Percent off must be a whole number from 1 to 99. For a free seat, create a free code.',
      amountOff: (value, values) => {
        if (values.kind !== 'amount') return null;
        const cents = typeof value === 'number' ? Math.round(value * 100) : NaN;
        if (!(cents >= 1)) return 'Amount off must be at least $0.01.';
        if (price - cents < MIN_PAID_SEAT_CENTS) {
          return `Amount off must leave at least ${formatMoney(MIN_PAID_SEAT_CENTS, event.currency)} of the seat price (${formatMoney(price, event.currency)}). For a free seat, create a free code.`;
        }
        return null;
      },
      minSeats: (value, values) => (values.kind === 'free' ? null : seatsError(value)),
      maxSeats: (value, values) => {
        if (values.kind === 'free') return null;
        const invalid = seatsError(value);
        if (invalid) return invalid;
        return value !== '' && values.minSeats !== '' && Number(value) < Number(values.minSeats) ? 'Most seats per order cannot be fewer than the fewest.' : null;
      },
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
      const discount = values.kind !== 'free';
      const created = await createPromoCode(event.id, {
        code: values.code.trim(),
        kind: values.kind,
        percent_off: values.kind === 'percent' ? Number(values.percentOff) : 0,
        amount_off_cents: values.kind === 'amount' ? Math.round(Number(values.amountOff) * 100) : 0,
        min_seats: discount ? wholeOrEmpty(values.minSeats) : 0,
        max_seats: discount ? wholeOrEmpty(values.maxSeats) : 0,
        max_uses: Number(values.max_uses),
        expires_at: values.expiresDay ? (fromZonedValue({ day: values.expiresDay, time: values.expiresTime }, zone) ?? '') : '',
      });
      form.reset();
      const gives = discount ? `gives ${promoGives(created, event.currency)}` : 'gives a free registration for one attendee';
      notify({ topic: 'promo-codes', kind: 'success', title: 'Promo code created', message: `${created.code} ${gives}.` });
      onCreated(created);
    } catch (error) {
      const { message, fields } = saveFailure(error);
      form.setErrors({
        code: fields.code,
        kind: fields.kind,
        percentOff: fields.percent_off,
        amountOff: fields.amount_off_cents,
        minSeats: fields.min_seats,
        maxSeats: fields.max_seats,
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
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-promo-kind">
              Gives
            </Text>
            <SegmentedControl
              aria-labelledby="new-promo-kind"
              data={KIND_OPTIONS}
              fullWidth
              value={form.values.kind}
              onChange={(value) => form.setFieldValue('kind', value as PromoKind)}
            />
            <Text size="xs" c="dimmed">
              {form.values.kind === 'free'
                ? 'A free registration for one attendee, without payment.'
                : `Off the price of each seat of a paid order (now ${formatMoney(price, event.currency)} a seat, GST included).`}
            </Text>
          </Stack>
          <ResponsiveGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <TextInput
              label="Code"
              required
              placeholder="SPRING2027"
              description="Letters, digits, - or _; matched in any letter case."
              {...form.getInputProps('code')}
            />
            {form.values.kind === 'percent' && (
              <NumberInput
                label="Percent off"
                required
                min={1}
                max={99}
                suffix="%"
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                description="1 to 99, off each seat; rounded to the cent."
                {...form.getInputProps('percentOff')}
              />
            )}
            {form.values.kind === 'amount' && (
              <NumberInput
                label="Amount off"
                required
                min={0.01}
                prefix="$"
                decimalScale={2}
                allowNegative={false}
                description="Off each seat, GST included."
                {...form.getInputProps('amountOff')}
              />
            )}
            <NumberInput
              label="Max uses"
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              description={form.values.kind === 'free' ? 'Registrations it can make.' : 'Seats it can discount: each attendee is one use.'}
              {...form.getInputProps('max_uses')}
            />
            {form.values.kind !== 'free' && (
              <>
                <NumberInput
                  label="Fewest seats per order"
                  min={1}
                  max={MAX_SEATS_PER_ORDER}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  description="Optional."
                  {...form.getInputProps('minSeats')}
                />
                <NumberInput
                  label="Most seats per order"
                  min={1}
                  max={MAX_SEATS_PER_ORDER}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  description="Optional."
                  {...form.getInputProps('maxSeats')}
                />
              </>
            )}
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
            A code gives a free registration for one attendee, or a percent or an amount off each seat of a paid order, while it is active, unexpired
            and has uses left, and sales are open. A discount&apos;s uses count seats.
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
                      <Table.Td>{promoGives(promo, event.currency)}</Table.Td>
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
                    {promoGives(promo, event.currency)}
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
