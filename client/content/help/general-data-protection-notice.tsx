import { ShellLink } from '../../components/ui/ShellLink';
import { COMPANY_NAME, PRIVACY_EMAIL } from '../contact';
import { Address, Mail, UPDATED, type HelpPage } from './help-common';

export const DATA_PROTECTION: HelpPage = {
    title: 'General Data Protection Notice',
  heading: 'General data protection notice',
  description:
    'Your data protection rights with Vitrine (access, correction, deletion, objection and more) and how to use them, free of charge, wherever you live.',
  lead: (
    <>
      Under the UK and EU General Data Protection Regulation you have rights over the personal data Vitrine holds about
      you. We give the same rights to everyone who uses Vitrine, whichever of our eight countries you live in.
    </>
  ),
  updated: UPDATED,
  englishOnly: true,
  toc: true,
  sections: [
    {
      id: 'controller',
      title: 'Who we are',
      body: (
        <p>
          {COMPANY_NAME} is the controller of your personal data. Our data protection lead answers at{' '}
          <Mail to={PRIVACY_EMAIL} />. What we collect and why is in our{' '}
          <ShellLink to="/privacy-policy">privacy policy</ShellLink>.
        </p>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights',
      body: (
        <dl className="help-rights">
          <dt>Access</dt>
          <dd>Ask for a copy of the personal data we hold about you, and how we use it.</dd>
          <dt>Correction</dt>
          <dd>Have inaccurate or incomplete data put right. You can change most of it yourself in your profile.</dd>
          <dt>Deletion</dt>
          <dd>
            Ask us to delete your data, for example when you close your account. We keep only what the law requires us to
            keep, and tell you what that is.
          </dd>
          <dt>Objection</dt>
          <dd>
            Object to our use of your data where we rely on our legitimate interests, such as measuring how Vitrine is
            used. You can object to direct marketing at any time, and we will stop.
          </dd>
          <dt>Restriction</dt>
          <dd>Ask us to pause using your data while a question about it is settled.</dd>
          <dt>Portability</dt>
          <dd>Receive the data you gave us, such as your wishlists, in a machine-readable file.</dd>
          <dt>Withdrawing consent</dt>
          <dd>Where we rely on your consent, such as for the newsletter, withdraw it at any time.</dd>
          <dt>Complaint</dt>
          <dd>
            Complain to a data protection authority: in the UK, the Information Commissioner’s Office (ico.org.uk), or the
            authority where you live. We would be grateful for the chance to put things right first.
          </dd>
        </dl>
      ),
    },
    {
      id: 'how-to',
      title: 'How to use your rights',
      body: (
        <>
          <ol className="help-steps">
            <li>
              E-mail <Mail to={PRIVACY_EMAIL} />, preferably from the address of your Vitrine account, or write to us at
              the address below. Say which right you want to use; you do not need to use legal words.
            </li>
            <li>
              If we cannot be sure the request comes from you, we ask for just enough to confirm it, usually a reply from
              your account’s e-mail address.
            </li>
            <li>
              We answer within one month. If a request is complex we may need two more months; we tell you within the
              first month if so, and why.
            </li>
          </ol>
          <p>Using your rights is free. We may only refuse or charge for a request that is plainly unfounded or excessive, and we will explain why.</p>
          <Address />
        </>
      ),
    },
    {
      id: 'yourself',
      title: 'What you can do yourself',
      body: (
        <ul>
          <li>Edit your name, user name and picture in your profile.</li>
          <li>Delete wishlists, looks and alerts, or make wishlists private.</li>
          <li>Unsubscribe from e-mails with the link at the bottom of each one.</li>
          <li>
            Clear Vitrine’s cookies in your browser settings; the <ShellLink to="/privacy-policy#cookies">cookie list</ShellLink>{' '}
            says what each does.
          </li>
        </ul>
      ),
    },
    {
      id: 'automated-decisions',
      title: 'Automated decisions',
      body: (
        <p>
          We do not make decisions about you by automated means that have legal or similarly significant effects. Ordering
          search results and suggesting products are automated, but they only change what you see first.
        </p>
      ),
    },
  ],
};
