import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { showToast } from '@/components/showToast';
import { MAX_ATTENDEES, emptyAttendee, registrationFormSchema, type RegistrationFormValues } from '../attendeeSchema';
import type { EventSummary } from '../registrationApi';
import { Toasts } from '../registrationMessages';
import { readRegistrationData, readWaitlistPrefill, removeWaitlistData } from '../registrationStorage';
import { useRegistrationSubmit, type FreeCompletion } from '../useRegistrationSubmit';
import { AttendeeCard } from './AttendeeCard';
import { ConsentSection } from './ConsentSection';
import { OrderSummary } from './OrderSummary';
import { PromoCodeBox } from './PromoCodeBox';
import classes from './RegistrationForm.module.css';

interface RegistrationFormProps {
  /** Waitlist mode: one attendee, no dietary field, no promo or order summary. */
  waitlist: boolean;
  /** The event for the order summary; not needed on the waitlist. */
  event: EventSummary | null;
  /** Back from a cancelled checkout: the details sent last time fill the form again. */
  restoreAfterCancel: boolean;
  onPaymentRedirect: (checkoutUrl: string) => void;
  onCompleted: (completion: FreeCompletion) => void;
}

const validate = zod4Resolver(registrationFormSchema, { errorPriority: 'first' });

function initialValues(waitlist: boolean, restoreAfterCancel: boolean, maxAttendees: number): RegistrationFormValues {
  const empty = { attendees: [emptyAttendee()], privacyConsent: false, marketingConsent: false };
  if (waitlist) {
    const prefill = readWaitlistPrefill();
    return prefill ? { ...empty, attendees: [emptyAttendee(prefill)] } : empty;
  }
  const previous = restoreAfterCancel ? readRegistrationData() : null;
  if (!previous || previous.attendees.length === 0) return empty;
  return {
    attendees: previous.attendees.slice(0, maxAttendees).map((attendee) => emptyAttendee(attendee)),
    privacyConsent: previous.privacyConsent === true,
    marketingConsent: previous.marketingConsent === true,
  };
}

export function RegistrationForm({ waitlist, event, restoreAfterCancel, onPaymentRedirect, onCompleted }: RegistrationFormProps) {
  const maxAttendees = event?.max_per_registration || MAX_ATTENDEES;
  const [startValues] = useState(() => initialValues(waitlist, restoreAfterCancel, maxAttendees));
  const form = useForm<RegistrationFormValues>({ mode: 'controlled', initialValues: startValues, validate });
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [salesRefusal, setSalesRefusal] = useState<string | null>(null);
  const consentRef = useRef<HTMLElement>(null);
  const mode = waitlist ? 'waitlist' : promoCode ? 'promo' : 'paid';
  const { submitting, submit } = useRegistrationSubmit({
    form,
    mode,
    promoCode,
    consentRef,
    onPaymentRedirect,
    onCompleted,
    onPromoRejected: () => setPromoCode(null),
    onSalesRefused: setSalesRefusal,
  });

  // waitlist_data is read once (above) and then removed (spec section 3).
  useEffect(() => {
    if (waitlist) removeWaitlistData();
  }, [waitlist]);

  const attendees = form.values.attendees;
  const singleAttendeeOnly = waitlist || promoCode !== null;

  function applyPromo(code: string) {
    setPromoCode(code);
    showToast('success', Toasts.promoApplied);
    const [first] = form.getValues().attendees;
    if (attendees.length > 1 && first) {
      form.setFieldValue('attendees', [first]);
      showToast('success', Toasts.attendeesLimited);
    }
  }

  const actionLabel = submitting
    ? 'Processing...'
    : waitlist
      ? 'Register for Future Events'
      : promoCode
        ? 'Complete Free Registration'
        : 'Proceed to Payment';

  const attendeeSection = (
    <Stack gap="lg">
      {attendees.map((attendee, index) => (
        <AttendeeCard
          key={attendee.key}
          form={form}
          index={index}
          showHeading={attendees.length > 1}
          waitlist={waitlist}
          disabled={submitting}
          onRemove={() => form.removeListItem('attendees', index)}
        />
      ))}
      {!singleAttendeeOnly && (
        <Group gap="md" align="center">
          {attendees.length < maxAttendees && (
            <Button
              variant="default"
              leftSection={<IconUserPlus size={18} />}
              onClick={() => form.insertListItem('attendees', emptyAttendee())}
              disabled={submitting}
            >
              Add Another Attendee
            </Button>
          )}
          <Text size="sm" c="dimmed">
            Up to {maxAttendees} attendees per registration.
            {attendees.length >= maxAttendees && ' For a larger group, please contact us.'}
          </Text>
        </Group>
      )}
      <ConsentSection ref={consentRef} form={form} disabled={submitting} />
    </Stack>
  );

  const actions = (
    <Stack gap="md">
      {salesRefusal && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={salesRefusal} role="alert">
          <Anchor renderRoot={(props) => <Link to="/register" search={{ waitlist: true }} {...props} />}>Register for future events</Anchor>{' '}
          to hear as soon as places open.
        </Alert>
      )}
      <Button type="submit" size="lg" color="amber" c="navy.9" fullWidth disabled={submitting}>
        {actionLabel}
      </Button>
    </Stack>
  );

  return (
    <form
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        void submit();
      }}
      noValidate
      aria-label="Registration form"
    >
      {waitlist || !event ? (
        <Stack gap="lg">
          {attendeeSection}
          {actions}
        </Stack>
      ) : (
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>{attendeeSection}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg" className={classes.summaryColumn}>
              {!promoCode && <PromoCodeBox onApplied={applyPromo} disabled={submitting} />}
              <OrderSummary
                event={event}
                attendeeCount={attendees.length}
                promoCode={promoCode}
                onRemovePromo={() => setPromoCode(null)}
                disabled={submitting}
              />
              {actions}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </form>
  );
}
