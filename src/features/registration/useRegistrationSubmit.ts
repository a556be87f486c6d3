// What pressing the action button does: the spec's checks (listed beside the button), then the
// server's decision — checkout for a paid registration, completion for free ones.
import { useRef, useState, type RefObject } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { ClientResponseError } from 'pocketbase';
import { isOnline } from '@/pwa/useOnline';
import { readUtmParams, type UtmParams } from '@/lib/utm';
import { dismissNotice, notify } from '@/components/notify';
import type { RegistrationFormValues } from './attendeeSchema';
import {
  createRegistration,
  isSimulatedCheckout,
  toRequestAttendee,
  type RegistrationMode,
  type RegistrationRequest,
} from './registrationApi';
import { describeRegistrationFailure } from './registrationFailure';
import { Toasts } from './registrationMessages';
import { clearRegistrationDraft, readRegistrationDraft, requestToSend, updateRegistrationDraft } from './registrationDraft';
import { saveRegistrationData } from './registrationStorage';
import { isOrderLink, type OrderLink } from '@/lib/order';
import { keepOfferLink, type WaitlistOfferLink } from './waitlistOffer';

export interface FreeCompletion {
  kind: 'promo' | 'waitlist';
  email: string;
  /** A promo registration's order page link: the completion shows its tickets. */
  order?: OrderLink | null;
}

interface SubmitOptions {
  form: UseFormReturnType<RegistrationFormValues>;
  mode: RegistrationMode;
  promoCode: string | null;
  consentRef: RefObject<HTMLElement | null>;
  onPaymentRedirect: (checkoutUrl: string) => void;
  onCompleted: (completion: FreeCompletion) => void;
  onPromoRejected: () => void;
  onSalesRefused: (message: string) => void;
  /** The masterclass the page shows (the featured one when it was read); absent, the server takes the featured one. */
  eventId?: string;
  /** An early-access link's token, sent with paid and promo registrations while its window is open. */
  earlyAccess?: string;
  /** A waitlist offer's claim link: its seat, for its person. */
  waitlistOffer?: WaitlistOfferLink;
}

function readUtm(): UtmParams {
  try {
    return readUtmParams();
  } catch {
    return {};
  }
}

/** Brings the first message into view: the consent section, or the first field the form or server flagged. */
function revealFirstError(paths: string[], consent: HTMLElement | null): void {
  window.requestAnimationFrame(() => {
    const flagged = new Set(paths);
    const firstField = Array.from(document.querySelectorAll<HTMLElement>('[data-path]')).find((element) =>
      flagged.has(element.dataset.path ?? ''),
    );
    const target = !firstField || firstField.dataset.path === 'privacyConsent' ? consent : firstField;
    target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (firstField && target === firstField) firstField.focus({ preventScroll: true });
  });
}

/** No answer came (offline, a dropped connection): the server may or may not have it. */
const gotNoAnswer = (error: unknown) => error instanceof ClientResponseError && error.status === 0;

/** The lost request the user was told their later edits do not change (told once, not on every retry). */
let warnedAboutChanges: string | null = null;

export function useRegistrationSubmit(options: SubmitOptions) {
  const [submitting, setSubmitting] = useState(false);
  /** A press found fields needing attention: the form lists them beside its button from then on, while any remain. */
  const [checked, setChecked] = useState(false);
  const { form, mode, promoCode, consentRef } = options;
  const waitlist = mode === 'waitlist';
  /** A registration pressed offline, or sent without an answer: it goes when the connection is back. */
  const [waiting, setWaiting] = useState(() => readRegistrationDraft(waitlist)?.waiting === true);
  /** The last attempt got no answer: the browser may say it is online, but the server is out of reach. */
  const [unreachable, setUnreachable] = useState(false);
  const sending = useRef(false);

  function keepWaiting(waitingNow: boolean) {
    updateRegistrationDraft(waitlist, { waiting: waitingNow });
    setWaiting(waitingNow);
  }

  async function submit() {
    if (sending.current) return;
    const { hasErrors, errors } = form.validate();
    const values = form.getValues();
    if (hasErrors) {
      // Said beside the button, naming every field (./formProblems.ts), not in a notice over the page.
      setChecked(true);
      revealFirstError(Object.keys(errors), consentRef.current);
      return;
    }

    const utm = readUtm();
    const formRequest: RegistrationRequest = {
      mode,
      attendees: values.attendees.map((attendee) => toRequestAttendee(attendee, mode)),
      privacyConsent: values.privacyConsent,
      marketingConsent: values.marketingConsent,
      // A free code (promo mode) or a discount code on a paid order: the server decides what it gives.
      ...(mode !== 'waitlist' && promoCode ? { promoCode } : {}),
      ...(Object.keys(utm).length > 0 ? { utm } : {}),
      // The registration is for the masterclass the page showed, even if another is featured by the time it is sent.
      ...(options.eventId ? { event: options.eventId } : {}),
      ...(options.earlyAccess && mode !== 'waitlist' ? { earlyAccess: options.earlyAccess } : {}),
      ...(options.waitlistOffer && mode !== 'waitlist' ? { waitlistOffer: { offer: options.waitlistOffer.id, token: options.waitlistOffer.token } } : {}),
    };

    // The same request is always sent under the same key: the server makes one registration.
    // A request that left without an answer goes again as it was, whatever was edited since.
    const pending = requestToSend(readRegistrationDraft(waitlist), JSON.stringify(formRequest));
    const { requestId } = pending;
    const request = JSON.parse(pending.body) as RegistrationRequest;
    if (pending.sent && pending.body !== JSON.stringify(formRequest) && warnedAboutChanges !== requestId) {
      warnedAboutChanges = requestId;
      // Its own topic: the outcome that follows (on 'registration') must not replace it before it is read.
      notify({ topic: 'registration-changes', kind: 'warning', ...Toasts.sentBeforeChanges });
    }
    updateRegistrationDraft(waitlist, { request: pending });
    if (!isOnline()) {
      keepWaiting(true);
      return;
    }

    sending.current = true;
    setSubmitting(true);
    try {
      updateRegistrationDraft(waitlist, { request: { ...pending, sent: true } });
      const response = await createRegistration({ ...request, requestId });
      clearRegistrationDraft(waitlist);
      setWaiting(false);
      setUnreachable(false);
      if (request.mode === 'paid') {
        const checkoutUrl = 'checkoutUrl' in response ? response.checkoutUrl : '';
        if (!checkoutUrl) {
          notify({ topic: 'registration', kind: 'error', ...Toasts.noCheckoutUrl });
          setSubmitting(false);
          return;
        }
        saveRegistrationData({
          registrationId: response.registrationId,
          attendees: request.attendees,
          testMode: isSimulatedCheckout(checkoutUrl),
          attendeeIds: [],
          privacyConsent: request.privacyConsent,
          marketingConsent: request.marketingConsent,
          utmParams: utm,
        });
        // A cancelled checkout comes back to /register?cancelled=true: the claim link must come back with it.
        if (options.waitlistOffer) keepOfferLink(options.waitlistOffer);
        options.onPaymentRedirect(checkoutUrl);
        return;
      }
      const emailWarning = 'emailWarning' in response && response.emailWarning;
      // The completion step that follows says it is done under its own heading: no notice says it again
      // over it. A notice is left only for what that step does not say (an email not sent, an entry already there).
      dismissNotice('registration');
      if (request.mode === 'promo') {
        if (emailWarning) notify({ topic: 'registration-email', kind: 'warning', ...Toasts.freeEmailWarning });
      } else if ('alreadyOnWaitlist' in response && response.alreadyOnWaitlist) {
        notify({ topic: 'registration', kind: 'success', ...Toasts.alreadyOnWaitlist(response.message ?? '') });
      } else if (emailWarning) {
        notify({ topic: 'registration-email', kind: 'warning', ...Toasts.waitlistEmailWarning });
      }
      const order = 'order' in response && isOrderLink(response.order) ? response.order : null;
      options.onCompleted({ kind: request.mode, email: request.attendees[0]?.email ?? '', order });
    } catch (error) {
      setSubmitting(false);
      if (gotNoAnswer(error)) {
        console.warn('No answer to the registration; it is sent again when the connection is back', error);
        keepWaiting(true);
        setUnreachable(true);
        return;
      }
      console.error('Registration was not created', error);
      updateRegistrationDraft(waitlist, { request: null, waiting: false });
      setWaiting(false);
      setUnreachable(false);
      const failure = describeRegistrationFailure(error);
      switch (failure.kind) {
        case 'fields':
          form.setErrors(failure.fieldErrors);
          setChecked(true);
          notify({ topic: 'registration', kind: 'error', ...Toasts.registrationFailed(failure.message) });
          revealFirstError(Object.keys(failure.fieldErrors), consentRef.current);
          break;
        case 'promo':
          options.onPromoRejected();
          // The spec's words for a code that is not (or no longer) usable; the server's own for one it cannot apply to this order.
          notify({ topic: 'promo', kind: 'error', ...failure.message === Toasts.invalidPromo.message ? Toasts.invalidPromo : Toasts.promoNotApplied(failure.message) });
          break;
        case 'sales':
          options.onSalesRefused(failure.message);
          notify({ topic: 'registration', kind: 'error', ...Toasts.registrationFailed(failure.message) });
          break;
        case 'checkout':
          notify({ topic: 'registration', kind: 'error', ...Toasts.checkoutFailed(failure.message) });
          break;
        case 'server':
          notify({ topic: 'registration', kind: 'error', ...Toasts.registrationFailed(failure.message) });
          break;
        case 'unexpected':
          notify({ topic: 'registration', kind: 'error', ...Toasts.unexpected });
          break;
      }
    } finally {
      sending.current = false;
    }
  }

  return { submitting, waiting, unreachable, checked, submit };
}
