import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconUserPlus, IconWifiOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { notify } from '@/components/notify';
import { useOnline } from '@/pwa/useOnline';
import { MAX_ATTENDEES, emptyAttendee, registrationFormSchema, waitlistFormSchema, type AttendeeEntry, type RegistrationFormValues } from '../attendeeSchema';
import { formProblems } from '../formProblems';
import type { EventSummary } from '../registrationApi';
import { readRegistrationDraft, updateRegistrationDraft } from '../registrationDraft';
import { Toasts } from '../registrationMessages';
import { readRegistrationData, readWaitlistPrefill, removeWaitlistData } from '../registrationStorage';
import { useRegistrationSubmit, type FreeCompletion } from '../useRegistrationSubmit';
import type { WaitlistOfferLink } from '../waitlistOffer';
import { AttendeeCard } from './AttendeeCard';
import { ConsentSection } from './ConsentSection';
import { FormProblemsSummary } from './FormProblemsSummary';
import { OrderSummary } from './OrderSummary';
import { PromoCodeBox } from './PromoCodeBox';
import type { CodeAnswer, DiscountOffer } from '../discountOffer';
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
  /** An early-access visit: its token goes with the registration, its address fills the first attendee's email. */
  earlyAccess?: { token: string; email: string } | null;
  /** A waitlist offer being claimed: one attendee, filled from the waitlist entry, its email fixed; the link goes with the registration. */
  waitlistOffer?: { link: WaitlistOfferLink; prefill: Partial<Omit<AttendeeEntry, 'key'>> } | null;
  /** The waitlist's button in the words of the event's phase ('Join the waitlist for 18 June'); the spec's 'Register for Future Events' otherwise. */
  waitlistLabel?: string;
}

const RETRY_WHILE_WAITING_MS = 15_000;

const validate = zod4Resolver(registrationFormSchema, { errorPriority: 'first' });
const validateWaitlist = zod4Resolver(waitlistFormSchema, { errorPriority: 'first' });

/** An early-access link's address goes in the first attendee's email, over whatever a draft held: the link works only for it. */
function initialValues(waitlist: boolean, restoreAfterCancel: boolean, maxAttendees: number, earlyEmail = ''): RegistrationFormValues {
  const values = storedValues(waitlist, restoreAfterCancel, maxAttendees);
  if (!earlyEmail) return values;
  const first = values.attendees[0] ?? emptyAttendee();
  return { ...values, attendees: [{ ...first, email: earlyEmail }, ...values.attendees.slice(1)] };
}

function storedValues(waitlist: boolean, restoreAfterCancel: boolean, maxAttendees: number): RegistrationFormValues {
  const empty = { attendees: [emptyAttendee()], privacyConsent: false, marketingConsent: false };
  // The landing's waitlist shortcut is newer than any draft; a draft (what was typed
  // before a reload) comes before the details sent to a cancelled checkout.
  const prefill = waitlist ? readWaitlistPrefill() : null;
  if (prefill) return { ...empty, attendees: [emptyAttendee(prefill)] };
  const draft = readRegistrationDraft(waitlist);
  if (draft) return { ...draft.values, attendees: draft.values.attendees.slice(0, maxAttendees) };
  if (waitlist) return empty;
  const previous = restoreAfterCancel ? readRegistrationData() : null;
  if (!previous || previous.attendees.length === 0) return empty;
  return {
    attendees: previous.attendees.slice(0, maxAttendees).map((attendee) => emptyAttendee(attendee)),
    privacyConsent: previous.privacyConsent === true,
    marketingConsent: previous.marketingConsent === true,
  };
}

export function RegistrationForm({ waitlist, event, restoreAfterCancel, onPaymentRedirect, onCompleted, earlyAccess, waitlistOffer, waitlistLabel = 'Register for Future Events' }: RegistrationFormProps) {
  const maxAttendees = event?.max_per_registration || MAX_ATTENDEES;
  const [startValues] = useState(() =>
    waitlistOffer
      ? { attendees: [emptyAttendee(waitlistOffer.prefill)], privacyConsent: false, marketingConsent: false }
      : initialValues(waitlist, restoreAfterCancel, maxAttendees, earlyAccess?.email),
  );
  const form = useForm<RegistrationFormValues>({ mode: 'controlled', initialValues: startValues, validate: waitlist ? validateWaitlist : validate });
  const [promoCode, setPromoCode] = useState<string | null>(() => (waitlist ? null : (readRegistrationDraft(false)?.promoCode ?? null)));
  // A discount code's offer (the server's figures per seat); null with a free code or none.
  const [discount, setDiscount] = useState<DiscountOffer | null>(() => (waitlist ? null : (readRegistrationDraft(false)?.discount ?? null)));
  const removePromo = () => {
    setPromoCode(null);
    setDiscount(null);
  };
  const [salesRefusal, setSalesRefusal] = useState<string | null>(null);
  const consentRef = useRef<HTMLElement>(null);
  const mode = waitlist ? 'waitlist' : promoCode && !discount ? 'promo' : 'paid';
  const { submitting, waiting, unreachable, checked, submit } = useRegistrationSubmit({
    form,
    mode,
    promoCode,
    consentRef,
    onPaymentRedirect,
    onCompleted,
    onPromoRejected: removePromo,
    onSalesRefused: setSalesRefusal,
    eventId: event?.id,
    earlyAccess: earlyAccess?.token,
    waitlistOffer: waitlistOffer?.link,
  });

  // waitlist_data is read once (above) and then removed (spec section 3).
  useEffect(() => {
    if (waitlist) removeWaitlistData();
  }, [waitlist]);

  // Everything typed is kept on the device until the server takes the registration.
  const values = form.values;
  useEffect(() => {
    updateRegistrationDraft(waitlist, { values, promoCode, discount });
  }, [waitlist, values, promoCode, discount]);

  // A registration pressed offline goes once the connection is back: when the
  // browser says so, when the page is looked at again, and every 15 seconds (a
  // venue's Wi-Fi can be "online" with no way out). The server makes one
  // registration however often the same request arrives.
  const online = useOnline();
  const offline = !online || (waiting && unreachable);
  const submitLatest = useRef(submit);
  useEffect(() => {
    submitLatest.current = submit;
  });
  useEffect(() => {
    if (online && waiting) void submitLatest.current();
  }, [online, waiting]);
  useEffect(() => {
    if (!waiting) return undefined;
    const retry = () => {
      if (navigator.onLine && document.visibilityState === 'visible') void submitLatest.current();
    };
    const timer = window.setInterval(retry, RETRY_WHILE_WAITING_MS);
    window.addEventListener('focus', retry);
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', retry);
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
    };
  }, [waiting]);

  const attendees = form.values.attendees;
  const singleAttendeeOnly = waitlist || mode === 'promo' || Boolean(waitlistOffer);

  function applyPromo(code: string, answer: CodeAnswer) {
    setPromoCode(code);
    // A discount code is for paid orders of any size the code allows: the attendees stay.
    if (answer.kind !== 'free') {
      setDiscount(answer);
      notify({ topic: 'promo', kind: 'success', ...Toasts.discountApplied(answer.label) });
      return;
    }
    setDiscount(null);
    notify({ topic: 'promo', kind: 'success', ...Toasts.promoApplied });
    const [first] = form.getValues().attendees;
    if (attendees.length > 1 && first) {
      form.setFieldValue('attendees', [first]);
      notify({ topic: 'attendees', kind: 'success', ...Toasts.attendeesLimited });
    }
  }

  const actionLabel = submitting
    ? 'Processing...'
    : waitlist
      ? waitlistLabel
      : mode === 'promo'
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
          emailLocked={Boolean(waitlistOffer) && index === 0}
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

  // Once a press found fields needing attention, every field still needing it, named beside the button.
  const problems = checked ? formProblems(form.errors, form.values, mode) : null;

  const actions = (
    <Stack gap="md">
      {salesRefusal && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={salesRefusal} role="alert">
          <Anchor renderRoot={(props) => <Link to="/register" search={{ waitlist: true }} {...props} />}>Register for future events</Anchor>{' '}
          to hear as soon as places open.
        </Alert>
      )}
      {offline && <OfflineNotice waiting={waiting} />}
      {problems && <FormProblemsSummary summary={problems} />}
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
      className={classes.form}
    >
      {waitlist || !event ? (
        <Stack gap="lg">
          {attendeeSection}
          {actions}
        </Stack>
      ) : (
        <div className={classes.columns}>
          <div>{attendeeSection}</div>
          <div>
            <Stack gap="lg" className={classes.summaryColumn}>
              {!promoCode && <PromoCodeBox onApplied={applyPromo} disabled={submitting} eventId={event?.id} />}
              <OrderSummary
                // a claimed offer's seat is already held for this registration: the sold-out count is not a warning for it
                event={waitlistOffer ? { ...event, seats_left: Math.max(event.seats_left ?? 1, 1) } : event}
                attendeeCount={attendees.length}
                promoCode={promoCode}
                discount={discount}
                onRemovePromo={removePromo}
                disabled={submitting}
              />
              {actions}
            </Stack>
          </div>
        </div>
      )}
    </form>
  );
}

/** Beside the action button while the browser is offline. */
function OfflineNotice({ waiting }: { waiting: boolean }) {
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff size={18} />} title="You're offline" role="status" data-testid="offline-notice">
      {waiting
        ? "Registering needs a connection. Your registration is saved on this device and will be sent as soon as you're back online."
        : "Registering needs a connection. What you type is saved on this device, and you can press the button now: we'll send your registration as soon as you're back online."}
    </Alert>
  );
}
