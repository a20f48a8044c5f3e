import type { ReactNode } from 'react';
import { COOKIE, KNOWN_DEVICE_DAYS, SESSION_DAYS } from '../../../shared/constants';
import { ShellLink } from '../../components/ui/ShellLink';
import { COMPANY_NAME, POSTAL_ADDRESS, PRIVACY_EMAIL } from '../contact';
import { Mail, UPDATED, type HelpPage } from './help-common';

type CookieRow = { name: string; purpose: ReactNode; lifetime: string; kind: string };

const COOKIES: CookieRow[] = [
  {
    name: COOKIE.token,
    purpose: 'Keeps you signed in. It holds a random session key, not your password, and page scripts cannot read it (HttpOnly).',
    lifetime: `${SESSION_DAYS} days, or until you sign out`,
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.profileType,
    purpose: 'Remembers which kind of account you signed in with (shopper or editor), so pages show the right controls.',
    lifetime: `${SESSION_DAYS} days, or until you sign out`,
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.knownDevice,
    purpose:
      'Tells us this browser has signed in to your account before, so someone guessing your password elsewhere cannot lock you out. It holds a random key, and page scripts cannot read it (HttpOnly).',
    lifetime: `${KNOWN_DEVICE_DAYS} days from your last sign-in`,
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.country,
    purpose: 'Remembers the country site you chose, so we can offer to take you back to it if you arrive on another one.',
    lifetime: '1 year',
    kind: 'Preference',
  },
  {
    name: COOKIE.language,
    purpose: 'Remembers the language you chose on a country site that has more than one, so we can offer that language when you arrive on a page in another.',
    lifetime: '1 year',
    kind: 'Preference',
  },
  {
    name: COOKIE.guestKey,
    purpose: 'A random guest key, so things you do before you register (such as an alert) can be kept for you.',
    lifetime: '1 year',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.mailingListModal,
    purpose: 'Notes that you have joined our mailing list, so we stop asking you to.',
    lifetime: '1 year',
    kind: 'Preference',
  },
  {
    name: COOKIE.xsrf,
    purpose: 'Protects your account against cross-site request forgery: another site cannot make changes in your name.',
    lifetime: 'Until you close your browser',
    kind: 'Strictly necessary',
  },
  {
    name: COOKIE.giveaway,
    purpose: 'Remembers that you entered a giveaway, so you are not asked to enter twice.',
    lifetime: 'Until the giveaway closes, at most 90 days',
    kind: 'Preference',
  },
  {
    name: COOKIE.merchantToken,
    purpose: 'Keeps retailers and brands signed in to their merchant account. Shoppers never receive it.',
    lifetime: `${SESSION_DAYS} days, or until they sign out`,
    kind: 'Strictly necessary',
  },
];

function CookieTable() {
  return (
    <div className="help-table-wrap" tabIndex={0} role="region" aria-label="Cookies Vitrine sets">
      <table className="help-table">
        <caption className="visually-hidden">Cookies Vitrine sets</caption>
        <thead>
          <tr>
            <th scope="col">Cookie</th>
            <th scope="col">What it is for</th>
            <th scope="col">How long it lasts</th>
            <th scope="col">Type</th>
          </tr>
        </thead>
        <tbody>
          {COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row">
                <code>{cookie.name}</code>
              </th>
              <td>{cookie.purpose}</td>
              <td>{cookie.lifetime}</td>
              <td>{cookie.kind}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const PRIVACY: HelpPage = {
    title: 'Privacy Policy',
  heading: 'Privacy policy',
  description:
    'What Vitrine collects, why, who sees it, how long we keep it, and the cookies we set: a signed-in session, your country, and protection against cross-site requests.',
  lead: (
    <>
      We collect as little as we can to run Vitrine, we never sell your personal data, and we do not use advertising
      cookies. This policy explains the rest.
    </>
  ),
  updated: UPDATED,
  englishOnly: true,
  toc: true,
  sections: [
    {
      id: 'who-we-are',
      title: 'Who is responsible for your data',
      body: (
        <p>
          {COMPANY_NAME}, {POSTAL_ADDRESS.streetAddress}, {POSTAL_ADDRESS.addressLocality} {POSTAL_ADDRESS.postalCode},{' '}
          {POSTAL_ADDRESS.countryName}, is the controller of the personal data described here, for all eight country
          sites. Our data protection lead answers at <Mail to={PRIVACY_EMAIL} />.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <ul>
          <li>
            <strong>Account details</strong> you give us: e-mail address, name, user name, profile picture if you add
            one, and your password, which we store only as a one-way hash.
          </li>
          <li>
            <strong>What you save</strong>: wishlists, looks, alerts and their prices, the stores and brands you follow,
            your ratings.
          </li>
          <li>
            <strong>Mailing list</strong>: your e-mail address and when you subscribed.
          </li>
          <li>
            <strong>Sign-in with Facebook or Google</strong>: your e-mail address and name from that service, with your
            permission. We never see your password there.
          </li>
          <li>
            <strong>How you use Vitrine</strong>: pages you view, searches, the products you click through to and when,
            and technical details such as your browser, IP address and the country it suggests. We use these to run and
            improve the site, count click-throughs for retailers and keep Vitrine secure.
          </li>
          <li>
            <strong>Your location</strong>, only if you allow your browser to share it when you register, to suggest your
            country. We keep the town or region, not your exact position.
          </li>
        </ul>
      ),
    },
    {
      id: 'why',
      title: 'Why we use it',
      body: (
        <div className="help-table-wrap" tabIndex={0} role="region" aria-label="Why we use your data">
          <table className="help-table">
            <thead>
              <tr>
                <th scope="col">Purpose</th>
                <th scope="col">Legal basis</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Running your account, wishlists, looks and alerts</td>
                <td>Our contract with you</td>
              </tr>
              <tr>
                <td>Sending alerts you set, and password reset e-mails</td>
                <td>Our contract with you</td>
              </tr>
              <tr>
                <td>Sending our newsletter</td>
                <td>Your consent, which you can withdraw with one click</td>
              </tr>
              <tr>
                <td>Counting click-throughs to retailers and improving search</td>
                <td>Our legitimate interest in running and funding Vitrine</td>
              </tr>
              <tr>
                <td>Keeping Vitrine and your account secure, and preventing fraud</td>
                <td>Our legitimate interest, and legal obligations</td>
              </tr>
            </tbody>
          </table>
        </div>
      ),
    },
    {
      id: 'retailers',
      title: 'Click-through and retailers',
      body: (
        <p>
          When you choose a product, we send you to the retailer’s website with a referral code that tells the retailer,
          or the affiliate network it uses, that the visit came from Vitrine. The code identifies the click, not you: we
          do not give retailers your name or e-mail address. What happens on the retailer’s website is covered by the
          retailer’s own privacy policy.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>
            Vitrine sets only the cookies below. They keep you signed in, remember your choices and protect your account.
            None of them is used for advertising or shared with advertisers. Blocking the strictly necessary ones will
            stop signing in from working.
          </p>
          <CookieTable />
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>We never sell your personal data. We share it only with:</p>
          <ul>
            <li>companies that host and run Vitrine for us, such as our cloud and e-mail providers, under contracts that allow them to use it only on our instructions;</li>
            <li>Facebook or Google, if you choose to sign in with them;</li>
            <li>authorities, when the law requires us to.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'transfers',
      title: 'International transfers',
      body: (
        <p>
          Vitrine serves eight countries from servers in the United Kingdom and the European Union. When a provider
          handles data elsewhere, we rely on adequacy decisions or standard contractual clauses to protect it.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <ul>
          <li>Account data: while your account is open, and deleted within one month of closing it.</li>
          <li>Alerts: until they are met, you remove them, or one year passes.</li>
          <li>Mailing list: until you unsubscribe.</li>
          <li>Click-through and usage records: 26 months, then kept only as anonymous totals.</li>
          <li>Security logs: 90 days.</li>
        </ul>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <p>
          You can ask to see, correct or delete your data, object to how we use it, and more. The{' '}
          <ShellLink to="/general-data-protection-notice">data protection notice</ShellLink> explains each right and how to
          use it.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: <p>Vitrine is not meant for children under 16, and we do not knowingly collect their data.</p>,
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          Pages are served over encrypted connections, passwords are stored as salted hashes, session cookies cannot be
          read by page scripts, and staff can reach personal data only when their work needs it.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          When we change this policy we update the date at the top, and we e-mail account holders before a change that
          matters takes effect.
        </p>
      ),
    },
  ],
};
