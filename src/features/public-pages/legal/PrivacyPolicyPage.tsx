import { Link } from '@tanstack/react-router';
import { contactEmails, contactPhones, officeAddress } from '../contactDetails';
import { LegalDocument } from './LegalDocument';
import { DATA_RETENTION_YEARS_AFTER_EVENT, FINANCIAL_RECORD_YEARS, SIGN_IN_LOCKOUT_RETENTION_DAYS } from './policyFacts';

const privacyEmail = contactEmails.privacy;

export function PrivacyPolicyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        This policy explains how the organisers of the AI Champions Masterclass (&ldquo;we&rdquo;, &ldquo;us&rdquo;) collect,
        use, store and share personal information when you visit this website, register for or join the waitlist of an
        event, use the attendee portal or contact us. We handle personal information in line with the{' '}
        <em>Privacy Act 1988</em> (Cth) and the Australian Privacy Principles (APPs).
      </p>

      <h2>1. The information we collect</h2>
      <h3>When you register or join the waitlist</h3>
      <ul>
        <li>the full name, email address, company, job title, phone number and role of each attendee;</li>
        <li>dietary requirements, if you choose to tell us;</li>
        <li>your consent choices: acceptance of this policy and whether you agree to receive marketing;</li>
        <li>the campaign source and medium (UTM source and UTM medium) of the link that brought you to us.</li>
      </ul>
      <p>
        Dietary requirements can reveal health information or religious beliefs, which the law treats as sensitive.
        We collect them only with your consent and use them only to cater for you at the event.
      </p>
      <h3>When you use the attendee portal</h3>
      <p>
        Your account details (name and email, with your password stored only in hashed form), the profile details you
        choose to add (company, job title, industry, LinkedIn address, photo) and the content you create with the portal
        tools, such as readiness assessment answers, business cases and saved use cases.
      </p>
      <h3>When you contact us</h3>
      <p>Your name, email address and the subject and content of your message.</p>
      <h3>Technical information</h3>
      <p>
        Like most websites, our servers record the IP address and time of requests. We use this to keep the service
        secure and to limit abuse, such as repeated form submissions.
      </p>

      <h2>2. How we collect it</h2>
      <p>
        We collect personal information directly from you. If a colleague registers you as one of several attendees,
        we receive your details from them; they should let you know and point you to this policy. When you pay, our
        payment provider tells us whether the payment succeeded. You can browse the site and send us a general
        enquiry without identifying yourself, but we cannot register you for an event anonymously.
      </p>

      <h2>3. How we use it</h2>
      <ul>
        <li>to register you, confirm your place and send your confirmation and portal invitation emails;</li>
        <li>to run the event: name badges, catering, accessibility and attendee lists for the venue;</li>
        <li>to give you access to the attendee portal, its tools and the session materials;</li>
        <li>to answer your enquiries and provide support;</li>
        <li>to tell you about future events, only if you agreed to marketing;</li>
        <li>to understand, in aggregate, which campaigns bring people to the event;</li>
        <li>to keep our systems secure and meet our legal obligations.</li>
      </ul>

      <h2>4. Payments</h2>
      <p>
        Payments are handled by Stripe on its own hosted checkout page. Your card details are entered directly with
        Stripe and never reach our servers; we only receive the checkout reference, the amount and whether the payment
        succeeded. Stripe handles your payment information under its own privacy policy.
      </p>

      <h2>5. Marketing</h2>
      <p>
        Marketing consent is optional and is never a condition of registering. If you give it, we may email you about
        future events and related news. You can unsubscribe at any time using the link in any of our emails or by
        writing to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. Event emails you need, such as your
        confirmation and invitation, are still sent after you unsubscribe.
      </p>

      <h2>6. Who we share it with</h2>
      <p>We do not sell or rent personal information. We share it only as needed with:</p>
      <ul>
        <li>the organisations co-hosting the event, to run it;</li>
        <li>the venue, for attendee lists, name badges and catering;</li>
        <li>service providers that help us operate: website hosting, email delivery, payments (Stripe) and, when you
          use the portal&rsquo;s AI tools, the AI model provider that processes your request;</li>
        <li>authorities, where the law requires it.</li>
      </ul>
      <p>
        Some of these providers store or process information outside Australia, for example in the United States.
        Before sharing, we take reasonable steps to ensure they handle it consistently with the APPs.
      </p>

      <h2>7. Cookies and local storage</h2>
      <p>
        We do not use advertising or tracking cookies. When you sign in, one cookie remembers that this browser has
        signed in to your account before, so failed sign-ins by someone else elsewhere never lock you out; it holds no
        personal information and lasts 180 days. The site uses your browser&rsquo;s local storage to keep you signed
        in, to remember your registration progress so a refresh or a trip to the checkout does not lose it, and to
        remember the campaign source of your visit. The attendee portal keeps a copy of your own portal data on your
        device so it works offline. You can remove all of it at any time by signing out and clearing this
        site&rsquo;s data in your browser.
      </p>

      <h2>8. How we protect it</h2>
      <p>
        Information travels over encrypted connections, passwords are stored only in hashed form, and access to
        attendee records is limited to the organisers&rsquo; administrators. If a data breach is likely to cause you
        serious harm, we will notify you and the Office of the Australian Information Commissioner under the Notifiable
        Data Breaches scheme.
      </p>

      <h2>9. How long we keep it</h2>
      <p>
        Registration data is retained typically up to {DATA_RETENTION_YEARS_AFTER_EVENT} years after the event, so we
        can support attendees, answer questions about past registrations and invite you to related events. After that
        we delete or de-identify it. Where the law requires a record to be kept longer, such as a tax record of a
        payment, we keep only that record for only as long as required. Contact messages are kept while needed to
        respond and no longer than registration data. Marketing preferences are kept until you unsubscribe.
      </p>
      <p>In detail:</p>
      <ul>
        <li>
          <strong>Attendee details</strong> (name, email, company, job title, phone number, dietary requirements and
          campaign source): until you delete your account, or {DATA_RETENTION_YEARS_AFTER_EVENT} years after the
          masterclass ends, whichever comes first. A daily job then replaces them with &ldquo;Deleted attendee&rdquo;
          and removes the rest, keeping only the seat and its status in our attendee numbers.
        </li>
        <li>
          <strong>Your account, profile and portal tools</strong> (readiness assessments, business cases, saved use
          cases): until you delete your account.
        </li>
        <li>
          <strong>Payment records</strong> (amount, currency, date, status, and the payment and refund references from
          Stripe): at least {FINANCIAL_RECORD_YEARS} years after the payment, because Australian tax law requires
          business records to be kept for five years. They lose your name and contact details at the same time as your
          attendee details.
        </li>
        <li>
          <strong>Emails we sent you</strong>: our copy loses its address and content {DATA_RETENTION_YEARS_AFTER_EVENT}{' '}
          years after it was sent, or when you delete your account; emails still waiting to be sent to you are then
          cancelled.
        </li>
        <li>
          <strong>Contact messages</strong> and <strong>early-access records</strong>: deleted after{' '}
          {DATA_RETENTION_YEARS_AFTER_EVENT} years, or when you delete your account.
        </li>
        <li>
          <strong>Sign-in lock-outs</strong> (when repeated failed sign-ins locked a device out of an account or slowed
          it down: the email address typed, the IP address of the device that failed unless it had signed in to the
          account before, and the time): deleted after {SIGN_IN_LOCKOUT_RETENTION_DAYS} days. Our administrators use
          them to spot attempts to guess passwords.
        </li>
        <li>
          <strong>Unsubscribe requests</strong>: kept, even after you delete your account, so that we never email you
          about future events again.
        </li>
      </ul>

      <h2>10. Access, correction, download and deletion</h2>
      <p>
        Portal users can see and change their profile details at any time in <strong>Profile Settings</strong>. There you
        can also:
      </p>
      <ul>
        <li>
          <strong>Download my data</strong>: one file (JSON) with everything we hold about you: your profile, your
          attendee details and registrations, your portal tool records, the emails we sent you and any messages you sent
          us. Other people on a registration you share appear only as a count.
        </li>
        <li>
          <strong>Delete my account</strong>: after you type DELETE and your password, your account and portal tool
          records are deleted and your attendee details anonymised straight away, on our systems and on your devices,
          keeping only the payment records described above.
        </li>
      </ul>
      <p>
        Without an account, or for anything else, email{' '}
        <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a> to ask for a copy of the personal information we hold
        about you, to correct it or to have it deleted. We will confirm your identity, respond within 30 days and will
        not charge you for making a request.
      </p>

      <h2>11. Complaints</h2>
      <p>
        If you believe we have mishandled your personal information, please contact us first and we will respond within
        30 days. If you are not satisfied with our response, you can complain to the Office of the Australian
        Information Commissioner at <a href="https://www.oaic.gov.au" target="_blank" rel="noreferrer">www.oaic.gov.au</a>{' '}
        or on 1300 363 992.
      </p>

      <h2>12. Changes to this policy</h2>
      <p>
        We may update this policy when our practices or the law change. The current version is always on this page,
        with the date it was last updated at the top.
      </p>

      <h2>13. Contact us</h2>
      <p>
        Privacy Officer, AI Champions Masterclass
        <br />
        {officeAddress.lines.join(', ')}
        <br />
        Email: <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>
        <br />
        Phone: <a href={`tel:${contactPhones[0].dial}`}>{contactPhones[0].display}</a>
      </p>
      <p>
        You can also reach us through the <Link to="/contact">contact form</Link>.
      </p>
    </LegalDocument>
  );
}
