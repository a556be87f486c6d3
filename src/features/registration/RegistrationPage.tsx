import { useEffect, useState } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconInfoCircle, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { CheckoutReturnView } from './components/CheckoutReturnView';
import { CompletionStep } from './components/CompletionStep';
import { PaymentRedirect } from './components/PaymentRedirect';
import { RegistrationForm } from './components/RegistrationForm';
import { RegistrationLayout } from './components/RegistrationLayout';
import { RegistrationStepper, type RegistrationStep } from './components/RegistrationStepper';
import { SalesClosedNotice } from './components/SalesClosedNotice';
import { WaitlistBanner } from './components/WaitlistBanner';
import { eventPhase } from '@/lib/eventPhase';
import { formatDayMonth, formatEventWhen, formatSalesOpen } from '@/lib/eventWhen';
import { EVENT_NEEDS_CONNECTION } from '@/pwa/eventUnavailable';
import { formatEventDate } from './eventDate';
import { waitlistButtonLabel, waitlistPageTitle } from './waitlistBannerCopy';
import { earlyAccessCopy, windowState } from './earlyAccess';
import { readRegistrationData } from './registrationStorage';
import { useEventNotFoundToast, useEventSummary } from './useEventSummary';
import type { FreeCompletion } from './useRegistrationSubmit';
import { forgetKeptOfferLink, offerPrefill, readKeptOfferLink, useWaitlistOffer, type WaitlistOfferLink } from './waitlistOffer';
import { OfferEndedNotice } from './components/OfferEndedNotice';
import { offerNotice } from './offerNotice';

export interface RegistrationPageProps {
  /** `?waitlist=true`: register interest in future events. */
  waitlist: boolean;
  /** `?success=true&session_id=…`: back from checkout. */
  checkoutSessionId: string | null;
  /** `?cancelled=true`: the buyer left checkout without paying. */
  cancelled: boolean;
  /** `?event=…&email=…&earlyAccess=…`: the link of an early-access email to the waitlist. */
  earlyAccess?: { token: string; email: string; eventId: string } | null;
  /** `?offer=…&offerToken=…`: the claim link of a waitlist offer's email. */
  waitlistOffer?: WaitlistOfferLink | null;
  /** `?event=<slug or id>`: the masterclass to register for (its own page's Register); the featured one when absent. */
  eventKey?: string | null;
}

/** /register: the form (step 0), the way to payment (1) and the completion (2). */
export function RegistrationPage({ waitlist, checkoutSessionId, cancelled, earlyAccess = null, waitlistOffer = null, eventKey = null }: RegistrationPageProps) {
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const [freeCompletion, setFreeCompletion] = useState<FreeCompletion | null>(null);
  const returning = checkoutSessionId !== null;
  const waitlistMode = waitlist && !returning;
  // A claim's checkout cancelled comes back without the link: the tab kept it.
  const [keptOffer] = useState(() => (cancelled && !waitlistOffer ? readKeptOfferLink() : null));
  const askedOffer = returning || waitlistMode ? null : (waitlistOffer ?? keptOffer);
  const { load: offerLoad, retry: retryOffer } = useWaitlistOffer(askedOffer);
  // A kept link whose offer has ended (claimed, expired…) is forgotten: the page is an ordinary one again.
  const keptEnded = !waitlistOffer && keptOffer !== null && (offerLoad?.status === 'failed' || (offerLoad?.status === 'ready' && offerLoad.details.offer.state !== 'open'));
  const offerLink = keptEnded ? null : askedOffer;
  useEffect(() => {
    if (keptEnded) forgetKeptOfferLink();
  }, [keptEnded]);
  const offerDetails = offerLoad?.status === 'ready' ? offerLoad.details : null;
  const { state: eventState, retry } = useEventSummary(earlyAccess?.eventId ?? offerDetails?.offer.event, eventKey ?? undefined);
  const step: RegistrationStep = returning || freeCompletion ? 2 : checkoutUrl ? 1 : 0;
  useEventNotFoundToast(eventState, step === 0 && !waitlistMode);

  const event = eventState.status === 'ready' ? eventState.event : null;
  const eventDate = formatEventDate(event);
  // The sold-out day the waitlist is for ('18 June') and when sales open, in the event's zone.
  const eventDay = event ? formatDayMonth(event.starts_at, event.timezone) : '';
  const salesOpenText = event ? formatSalesOpen(event.sales_open_at, event.timezone) : '';
  // The phase at the page's opening (DESIGN decision 17); the server decides again on submit.
  // Nothing is said about the event (date, phase) until the server or the device's copy says it.
  const [openedAt] = useState(() => new Date());
  const phase = event ? eventPhase(event, openedAt) : null;
  const eventWhen = event ? formatEventWhen(event) : '';
  const salesOpen = event !== null && phase === 'on_sale';
  // A claim's seat is the offer's: it is registered while the masterclass is sold out too.
  const claim =
    offerLink && offerDetails?.offer.state === 'open' && offerDetails.attendee && event?.id === offerDetails.offer.event && (salesOpen || phase === 'sold_out')
      ? { link: offerLink, prefill: offerPrefill(offerDetails.attendee), expiresText: offerDetails.offer.expires_text }
      : null;
  const wide = step === 0 && !waitlistMode && (salesOpen || claim !== null);
  // The link's token goes with the registration only while its window is open.
  const earlyWindow = event?.early_access ?? null;
  const earlyVisit = earlyAccess && windowState(earlyWindow, openedAt) === 'open' ? earlyAccess : null;
  const earlyNotice = event && !waitlistMode ? earlyAccessCopy(earlyWindow, event.timezone, openedAt, earlyAccess) : null;

  function form() {
    const registrationForm = (
      <RegistrationForm
        key={waitlistMode ? 'waitlist' : 'normal'}
        waitlist={waitlistMode}
        event={waitlistMode && !eventKey ? null : event}
        restoreAfterCancel={cancelled}
        onPaymentRedirect={setCheckoutUrl}
        onCompleted={setFreeCompletion}
        earlyAccess={waitlistMode || offerLink ? null : earlyVisit}
        waitlistOffer={claim ? { link: claim.link, prefill: claim.prefill } : null}
        waitlistLabel={waitlistButtonLabel(phase, eventDay)}
      />
    );
    // A cancelled masterclass takes nobody, not even its waitlist: no form, whatever the address asked for.
    if (event && phase === 'cancelled') {
      return <SalesClosedNotice phase={phase} eventDate={eventDate} eventWhen={eventWhen} location={event.location} eventKey={eventKey} />;
    }
    if (waitlistMode) {
      return (
        <>
          <WaitlistBanner facts={{ eventDate, day: eventDay, salesOpen: salesOpenText }} phase={phase} />
          {registrationForm}
        </>
      );
    }
    if (offerLink && !claim) {
      const notice = offerNotice(offerLoad, eventState.status === 'failed');
      if (notice) return <OfferEndedNotice notice={notice} onRetry={offerLoad?.status === 'failed' ? retryOffer : retry} />;
    }
    // A claim waits for its own masterclass (the featured one may be read first).
    const awaitingOffer = offerLink !== null && !claim && (offerDetails === null || event?.id !== offerDetails.offer.event);
    if (eventState.status === 'loading' || awaitingOffer) {
      return (
        <Center py="xl" role="status" aria-label="Loading the event">
          <Loader color="navy" />
        </Center>
      );
    }
    if (!event && eventState.status === 'failed' && eventState.reason === 'offline') {
      // Nothing on the device and no connection: this one message, and no toast beside it.
      return (
        <Alert color="gray" variant="light" icon={<IconWifiOff size={18} />} role="status" data-testid="event-needs-connection">
          {EVENT_NEEDS_CONNECTION}
        </Alert>
      );
    }
    if (!event || !phase) {
      return (
        <Alert color="red" variant="light" title="We couldn't load the masterclass details" icon={<IconInfoCircle size={18} />}>
          <Text size="sm" mb="sm">
            Please check your connection and try again.
          </Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={retry}>
            Try again
          </Button>
        </Alert>
      );
    }
    if (claim) {
      return (
        <>
          <Alert color="teal" variant="light" radius="md" mb="xl" title="A seat is held for you" icon={<IconInfoCircle size={18} />} role="status" data-testid="waitlist-offer-notice">
            A seat freed up and you were next on the waitlist. It is yours until {claim.expiresText}: check your details below and register before then. The offer is for
            you alone and for one seat.
          </Alert>
          {registrationForm}
        </>
      );
    }
    if (phase !== 'on_sale') {
      return <SalesClosedNotice phase={phase} eventDate={eventDate} eventWhen={eventWhen} location={event.location} day={eventDay} salesOpen={salesOpenText} eventKey={eventKey} />;
    }
    if (earlyNotice) {
      return (
        <>
          <Alert color="blue" variant="light" radius="md" mb="xl" title={earlyNotice.title} icon={<IconInfoCircle size={18} />} role="status" data-testid="early-access-notice">
            {earlyNotice.text}
          </Alert>
          {registrationForm}
        </>
      );
    }
    return registrationForm;
  }

  function currentStep() {
    if (returning) return <CheckoutReturnView sessionId={checkoutSessionId} />;
    if (freeCompletion) return <CompletionStep completion={freeCompletion} waitlist={{ phase, facts: { eventDate, day: eventDay, salesOpen: salesOpenText } }} />;
    if (checkoutUrl) return <PaymentRedirect checkoutUrl={checkoutUrl} />;
    return (
      <>
        {cancelled && <CancelledNotice />}
        {form()}
      </>
    );
  }

  return (
    <RegistrationLayout
      title={waitlistMode ? waitlistPageTitle(phase) : offerLink ? 'Claim Your Seat' : 'Register for the Masterclass'}
      subtitle={event ? `AI Champions Masterclass · ${eventWhen} · ${event.location}` : 'AI Champions Masterclass'}
      wide={wide}
    >
      <RegistrationStepper step={step} waitlist={waitlistMode} />
      {currentStep()}
    </RegistrationLayout>
  );
}

function CancelledNotice() {
  const [restored] = useState(() => readRegistrationData() !== null);
  return (
    <Alert color="blue" variant="light" title="Payment cancelled" icon={<IconInfoCircle size={18} />} mb="xl" role="status">
      Your payment was cancelled and nothing was charged.{' '}
      {restored ? 'Your details are below if you would like to try again.' : 'You can start again below.'}
    </Alert>
  );
}
