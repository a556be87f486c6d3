import { Link } from '@tanstack/react-router';
import { contactEmails } from '../contactDetails';
import { LegalDocument } from './LegalDocument';
import { DATA_RETENTION_YEARS_AFTER_EVENT, GOVERNING_LAW_JURISDICTION } from './policyFacts';
import { describeRefundTiers } from './refundPolicy';

const registrationsEmail = contactEmails.registrations;

export function TermsPage() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These terms apply when you use this website, register for the AI Champions Masterclass (the &ldquo;event&rdquo;),
        join its waitlist or use the attendee portal. By registering you accept them on behalf of yourself and every
        attendee you register. Please read them together with our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>

      <h2>1. Registration and payment</h2>
      <ul>
        <li>All prices are in Australian dollars (AUD) and include GST where it applies.</li>
        <li>
          Payment is made by card through Stripe&rsquo;s secure hosted checkout. Your place is confirmed once the payment
          succeeds and we send your confirmation email.
        </li>
        <li>
          Places are limited and allocated in the order payments are completed. If the event is sold out, you may join
          the waitlist; a waitlist entry does not guarantee a place.
        </li>
        <li>Promotional codes apply to a single attendee, cannot be exchanged for cash and may be withdrawn at any time.</li>
        <li>You must give accurate details for every attendee and have their permission to register them.</li>
      </ul>

      <h2>2. Cancellations and refunds</h2>
      <p>
        To cancel, use &lsquo;Cancel my registration&rsquo; in the attendee portal or the cancellation link in your
        confirmation email (each attendee has their own), or email{' '}
        <a href={`mailto:${registrationsEmail}`}>{registrationsEmail}</a>. Refunds depend on when you cancel:
      </p>
      <ul data-testid="refund-policy">
        {describeRefundTiers().map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        Days are counted back from the start of the event in its own time zone (Adelaide time): &ldquo;14 days
        before&rdquo; is the same time of day 14 calendar days before the start, and likewise for 7 days. A cancellation
        made exactly at that moment falls in the more generous tier. Once the event has started, a registration can no
        longer be cancelled. Refunds are paid to the original payment method, usually within 10 business days.
        Nothing in these terms limits your rights under the Australian Consumer Law.
      </p>

      <h2>3. Transfers and substitutions</h2>
      <p>
        If you cannot attend, you may send a colleague in your place at no charge. Email us the new attendee&rsquo;s name
        and email address at least 48 hours before the event so we can update the attendee list and their portal
        invitation. A substitution is not a cancellation and does not attract a refund.
      </p>

      <h2>4. Changes to the event</h2>
      <p>
        We may need to change the program, speakers, timing or venue. We will tell you about significant changes as
        soon as we can. If we cancel the event, you will receive a full refund. If we postpone it, you may transfer your
        registration to the new date or request a full refund.
      </p>

      <h2>5. Conduct</h2>
      <p>
        We want the event and the portal to be welcoming and useful for everyone. Please treat other attendees, speakers
        and staff with respect and follow the venue&rsquo;s rules and instructions. We may refuse entry to, or remove,
        anyone whose behaviour is disruptive, unsafe or harassing, without a refund. Do not use the portal to upload
        unlawful content, to attempt to access other people&rsquo;s data or to disrupt the service.
      </p>

      <h2>6. Attendee portal and materials</h2>
      <p>
        Registered attendees receive access to the attendee portal, its AI tools and the session materials. Materials
        remain the property of the organisers and speakers and are licensed to you for your own professional use; you
        may not resell or publicly republish them. Outputs of the AI tools are suggestions to support your own
        judgement, not professional advice.
      </p>

      <h2>7. Your information and data retention</h2>
      <p>
        We handle personal information as described in our <Link to="/privacy-policy">Privacy Policy</Link>.
        Registration data is retained typically up to {DATA_RETENTION_YEARS_AFTER_EVENT} years after the event and is
        then deleted or de-identified.
      </p>

      <h2>8. Photography and recording</h2>
      <p>
        Photographs and short recordings may be taken at the event for reporting and promoting future events. If you
        prefer not to appear, tell our staff on the day and we will respect your wishes.
      </p>

      <h2>9. Liability</h2>
      <p>
        We provide the event and the portal with due care and skill. To the extent permitted by law, including the
        Australian Consumer Law, our total liability to you in connection with the event is limited to the registration
        fee you paid, and we are not liable for indirect or consequential loss, such as travel or accommodation costs
        when the event is changed or cancelled. Nothing in these terms excludes a guarantee or right that cannot lawfully
        be excluded.
      </p>

      <h2>10. Governing law</h2>
      <p>
        These terms are governed by the laws of {GOVERNING_LAW_JURISDICTION}, Australia. You and we submit to the
        non-exclusive jurisdiction of the courts of {GOVERNING_LAW_JURISDICTION}.
      </p>

      <h2>11. Changes to these terms</h2>
      <p>
        We may update these terms from time to time. The version that applies to your registration is the one published
        when you registered, except for changes required by law.
      </p>

      <h2>12. Contact</h2>
      <p>
        Questions about these terms or your registration: email{' '}
        <a href={`mailto:${registrationsEmail}`}>{registrationsEmail}</a> or use our{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    </LegalDocument>
  );
}
