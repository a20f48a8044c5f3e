import type { ReactNode } from 'react';
import { COOKIE, SESSION_DAYS } from '../../shared/constants';
import { COUNTRIES, COUNTRY_CODES } from '../../shared/countries';
import { ShellLink } from '../components/ui/ShellLink';
import type { HelpSlug } from '../routes';
import {
  COMPANY_NAME,
  COMPANY_REGISTRATION,
  PARTNERS_EMAIL,
  POSTAL_ADDRESS,
  PRESS_EMAIL,
  PRIVACY_EMAIL,
  REPLY_WORKING_DAYS,
  SUPPORT_EMAIL,
} from './contact';

// The help pages' text (spec section 2 route table: about-us, contact-us, faqs,
// terms-and-conditions, privacy-policy, general-data-protection-notice). Written for
// Vitrine as it works: a discovery marketplace that sends shoppers to retailers and never
// sells, ships or takes payment itself. Facts the code also uses (cookie names, the
// session length, the countries and their currencies, our addresses) come from their one
// definition.

export type HelpSection = { id: string; title: string; body: ReactNode };

export type HelpPage = {
  /** Short name in the help navigation. */
  navLabel: string;
  /** The page title (PageMeta adds "| Vitrine"). */
  title: string;
  heading: string;
  description: string;
  lead: ReactNode;
  updated?: string;
  /** Long pages open with a table of contents of their sections. */
  toc: boolean;
  sections: HelpSection[];
};

const UPDATED = '1 November 2026';

function Mail({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}

function Address() {
  return (
    <address className="help-address">
      {COMPANY_NAME}
      <br />
      {POSTAL_ADDRESS.streetAddress}
      <br />
      {POSTAL_ADDRESS.addressLocality} {POSTAL_ADDRESS.postalCode}
      <br />
      {POSTAL_ADDRESS.countryName}
    </address>
  );
}

/** One question of the FAQs: a native disclosure, so it opens with or without JavaScript. */
function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <details className="faq">
      <summary>{q}</summary>
      <div className="faq-answer">{children}</div>
    </details>
  );
}

function CountryList() {
  return (
    <ul className="help-countries">
      {COUNTRY_CODES.map((code) => {
        const country = COUNTRIES[code];
        // Another country's site, through the chooser: it remembers the choice (the country cookie).
        return (
          <li key={code}>
            <a href={`/choose-country/${code.toLowerCase()}?to=%2F`} rel="nofollow">
              {country.name}
            </a>{' '}
            <span className="help-muted">
              {country.info.currencyName}, {country.info.symbol.trim()}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

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
    name: COOKIE.country,
    purpose: 'Remembers the country site you chose, so we can offer to take you back to it if you arrive on another one.',
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

const ABOUT_US: HelpPage = {
  navLabel: 'About Us',
  title: 'About Us',
  heading: 'About Vitrine',
  description:
    'Vitrine brings fashion and beauty from hundreds of stores into one search, in eight countries. We do not sell: we take you to the retailer to buy.',
  lead: (
    <>
      Vitrine is where fashion and beauty from hundreds of stores and thousands of brands come together in one search. You
      discover and compare here; you buy from the retailer you choose.
    </>
  ),
  toc: false,
  sections: [
    {
      id: 'what-vitrine-is',
      title: 'A discovery marketplace in eight countries',
      body: (
        <>
          <p>
            Shopping for a dress should not mean opening twenty tabs. Vitrine reads the product catalogues of the stores
            we work with, every day, and puts them side by side: clothing, shoes, bags, accessories and beauty for women,
            men and kids. Search for what you have in mind, or browse the edits our stylists put together, then narrow it
            down by colour, price, brand, store and offers.
          </p>
          <p>Each country has its own site, with the stores that deliver there and prices in its own currency:</p>
          <CountryList />
        </>
      ),
    },
    {
      id: 'we-do-not-sell',
      title: 'We don’t sell or ship anything. Retailers do.',
      body: (
        <>
          <p>
            Vitrine is not a shop. We hold no stock, take no payment and ship no parcels. When you find something you
            like, the <strong>Buy at</strong> button takes you to that product on the retailer’s own website, and you buy
            it there, under the retailer’s terms, with its delivery options and its returns policy. Questions about an
            order, a delivery or a refund go to the retailer, who is the one who can help.
          </p>
        </>
      ),
    },
    {
      id: 'how-click-through-works',
      title: 'How click-through works',
      body: (
        <>
          <ol className="help-steps">
            <li>
              <strong>You choose a product.</strong> We open the retailer’s product page in a new tab, so your search is
              still here when you come back.
            </li>
            <li>
              <strong>The retailer sees that you came from Vitrine.</strong> The link carries a referral code, nothing
              about who you are.
            </li>
            <li>
              <strong>Some retailers pay us a commission</strong> when a visit from Vitrine ends in a sale. That is how
              Vitrine is free to use. It costs you nothing and never changes the price you pay.
            </li>
          </ol>
          <p>
            The prices we show are the retailer’s own, in your country’s currency, as the retailer last sent them to us.
            Retailers change prices and run out of sizes during the day, so the price and availability on the retailer’s
            page are the ones that count.
          </p>
        </>
      ),
    },
    {
      id: 'what-you-see',
      title: 'How we decide what you see',
      body: (
        <p>
          Search results are ordered by how well a product matches what you asked for and how popular it is with other
          shoppers, or by price or discount if you choose another sort. We never sort results by the commission a
          retailer pays. Some places on the home page, such as offers and store spotlights, may feature retailers we work
          with commercially.
        </p>
      ),
    },
    {
      id: 'with-an-account',
      title: 'More with a free account',
      body: (
        <ul>
          <li>Keep wishlists, private or public, and share them.</li>
          <li>Put outfits together as looks, and save them to your lookbook.</li>
          <li>Set a sale or price alert and hear from us when a price drops.</li>
          <li>Follow the stores and brands you love.</li>
        </ul>
      ),
    },
    {
      id: 'for-retailers',
      title: 'For retailers and brands',
      body: (
        <p>
          If you sell fashion or beauty online and deliver to one of our countries, we would like to hear from you. Send
          your product feed in the Google Merchant Center format and we can list your catalogue within days.{' '}
          <ShellLink to="https://sellers.vitrine.example/">Sell with us</ShellLink> or write to{' '}
          <Mail to={PARTNERS_EMAIL} />.
        </p>
      ),
    },
  ],
};

const CONTACT_US: HelpPage = {
  navLabel: 'Contact Us',
  title: 'Contact Us',
  heading: 'Contact us',
  description: `How to reach Vitrine: e-mail ${SUPPORT_EMAIL}, we reply within ${REPLY_WORKING_DAYS} working days. Questions about an order go to the retailer.`,
  lead: <>We are a small team and we read every message. Here is who can help you fastest.</>,
  toc: false,
  sections: [
    {
      id: 'orders',
      title: 'Questions about an order',
      body: (
        <>
          <p>
            Vitrine does not sell the products you find here, so we cannot see, change or refund an order. The retailer
            you bought from can: you will find its contact details in your order confirmation and on its website.
          </p>
          <p>
            If a retailer does not answer you within a reasonable time, tell us which store and what happened. We will
            raise it with them, and we stop listing stores that do not look after our shoppers.
          </p>
        </>
      ),
    },
    {
      id: 'email',
      title: 'E-mail us',
      body: (
        <>
          <p className="help-contact-line">
            <Mail to={SUPPORT_EMAIL} />
          </p>
          <p>
            For anything about Vitrine itself: your account, alerts, wishlists, a page that does not look right, a price
            that does not match the retailer’s. We reply within {REPLY_WORKING_DAYS} working days, Monday to Friday,
            9:00 to 17:30 UK time, except UK public holidays. Most messages are answered the same day.
          </p>
          <p>
            It helps if you tell us which country site you use and, for a problem with a page, its address or a
            screenshot. Please never send us a password.
          </p>
        </>
      ),
    },
    {
      id: 'privacy',
      title: 'Your data and privacy',
      body: (
        <p>
          To see, correct or delete what we hold about you, or to object to how we use it, write to{' '}
          <Mail to={PRIVACY_EMAIL} />. We answer within one month. The{' '}
          <ShellLink to="/general-data-protection-notice">data protection notice</ShellLink> explains your rights.
        </p>
      ),
    },
    {
      id: 'business',
      title: 'Retailers, brands and press',
      body: (
        <ul>
          <li>
            Listing your store or brand, product feeds and partnerships: <Mail to={PARTNERS_EMAIL} />
          </li>
          <li>
            Press and media: <Mail to={PRESS_EMAIL} />
          </li>
        </ul>
      ),
    },
    {
      id: 'post',
      title: 'By post',
      body: (
        <>
          <Address />
          <p className="help-muted">
            Post takes longer to reach us than e-mail; we reply to letters within ten working days of receiving them.
          </p>
        </>
      ),
    },
  ],
};

const FAQS: HelpPage = {
  navLabel: 'FAQs',
  title: 'FAQs',
  heading: 'Frequently asked questions',
  description: 'Answers about shopping with Vitrine: how buying works, prices and delivery, accounts, wishlists and alerts, country sites and cookies.',
  lead: (
    <>
      Choose a question to see its answer. If yours is not here, <ShellLink to="/contact-us">contact us</ShellLink>.
    </>
  ),
  toc: true,
  sections: [
    {
      id: 'shopping',
      title: 'Shopping with Vitrine',
      body: (
        <>
          <Question q="Can I buy directly on Vitrine?">
            <p>
              No. Vitrine helps you find and compare products; you buy them on the retailer’s website. Choosing{' '}
              <strong>Buy at</strong> on a product opens the retailer’s page for it in a new tab.
            </p>
          </Question>
          <Question q="Does it cost more to buy through Vitrine?">
            <p>
              Never. You pay the retailer’s own price. Some retailers pay us a small commission when a visit from Vitrine
              ends in a sale; that is how we keep Vitrine free, and it is never added to your price.
            </p>
          </Question>
          <Question q="What does “Browse store” mean on a product?">
            <p>
              The product is not available to buy right now, so we take you to the store’s page on Vitrine to see what
              else it has. Products that are out of stock are shown slightly faded.
            </p>
          </Question>
          <Question q="Who do I contact about my order?">
            <p>
              The retailer you bought from. We cannot see orders, so we cannot change or refund them. If the retailer does
              not reply, <ShellLink to="/contact-us">let us know</ShellLink> and we will raise it with them.
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'prices',
      title: 'Prices, delivery and returns',
      body: (
        <>
          <Question q="Why is the price on the retailer’s site different?">
            <p>
              Retailers send us their prices regularly, but they can change a price or end a sale at any time. The price
              on the retailer’s page when you buy is the one that applies. If you see a big difference, tell us at{' '}
              <Mail to={SUPPORT_EMAIL} />.
            </p>
          </Question>
          <Question q="Which currency are prices in?">
            <p>
              In the currency of the country site you are on: pounds on the UK site, dollars on the USA site, rupees on
              the India site, and so on. Change the country from the menu at the top of every page.
            </p>
          </Question>
          <Question q="What does the free delivery badge mean?">
            <p>
              The retailer delivers the product free to your country at that price. Each retailer sets its own
              threshold, and the retailer’s checkout shows the final delivery cost.
            </p>
          </Question>
          <Question q="How do returns work?">
            <p>Returns are handled by the retailer, under its own returns policy. You will find it on the retailer’s website.</p>
          </Question>
        </>
      ),
    },
    {
      id: 'account',
      title: 'Your account',
      body: (
        <>
          <Question q="Do I need an account?">
            <p>
              No: you can search, browse and buy without one. An account lets you keep wishlists, save looks, follow
              stores and brands and manage your alerts in one place.
            </p>
          </Question>
          <Question q="I forgot my password.">
            <p>
              Choose <strong>Sign In</strong>, then <strong>Forgot your password?</strong>, and enter your e-mail
              address. We send you a link to set a new password.
            </p>
          </Question>
          <Question q="How long do I stay signed in?">
            <p>
              For {SESSION_DAYS} days on the device you signed in on, unless you sign out. Signing out ends the session
              straight away.
            </p>
          </Question>
          <Question q="How do I delete my account?">
            <p>
              Write to <Mail to={PRIVACY_EMAIL} /> from the e-mail address of your account. We delete the account, your
              wishlists, looks and alerts within one month and confirm when it is done.
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'lists-and-alerts',
      title: 'Wishlists, looks and alerts',
      body: (
        <>
          <Question q="Can other people see my wishlists?">
            <p>
              Only the ones you make public. Every wishlist is private until you choose otherwise, and you can change it
              back at any time.
            </p>
          </Question>
          <Question q="What is a sale alert?">
            <p>
              Tell us the price you would pay for a product and we e-mail you when the retailer drops it to that price or
              below. You can set alerts without an account by giving your e-mail address.
            </p>
          </Question>
          <Question q="What is a look?">
            <p>
              A set of products put together as an outfit. Build one with <strong>Dress Me</strong>, save it to your
              lookbook and share it if you like.
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'countries',
      title: 'Country sites',
      body: (
        <>
          <Question q="Which countries does Vitrine serve?">
            <p>
              Eight:{' '}
              {COUNTRY_CODES.map((code) => COUNTRIES[code].name)
                .join(', ')
                .replace(/, ([^,]*)$/, ' and $1')}
              . Each site lists the stores that deliver to that country, with prices in its currency.
            </p>
          </Question>
          <Question q="Why was I asked whether to switch country?">
            <p>
              You arrived on a different country site from the one you chose last time. Pick the one you want; closing
              the question keeps you where you are.
            </p>
          </Question>
        </>
      ),
    },
    {
      id: 'privacy',
      title: 'Privacy and cookies',
      body: (
        <>
          <Question q="Which cookies does Vitrine use?">
            <p>
              Only cookies that make the site work or remember your choices, such as keeping you signed in and
              remembering your country. We do not use advertising cookies. The{' '}
              <ShellLink to="/privacy-policy#cookies">privacy policy</ShellLink> lists each one.
            </p>
          </Question>
          <Question q="Do you share my e-mail address with retailers?">
            <p>
              No. When you click through to a retailer, it learns that you came from Vitrine, not who you are.
            </p>
          </Question>
          <Question q="How do I stop your e-mails?">
            <p>Every e-mail we send has an unsubscribe link at the bottom. One click is enough.</p>
          </Question>
        </>
      ),
    },
  ],
};

const TERMS: HelpPage = {
  navLabel: 'Terms & Conditions',
  title: 'Terms and Conditions',
  heading: 'Terms and conditions',
  description: 'The terms for using Vitrine: what we do, what retailers do, accounts, content you share, and our responsibilities to you.',
  lead: (
    <>
      These terms apply when you use any Vitrine country site. They are written to be read: if something is unclear,{' '}
      <ShellLink to="/contact-us">ask us</ShellLink>.
    </>
  ),
  updated: UPDATED,
  toc: true,
  sections: [
    {
      id: 'who-we-are',
      title: '1. Who we are',
      body: (
        <p>
          Vitrine is run by {COMPANY_NAME}, {COMPANY_REGISTRATION}, at {POSTAL_ADDRESS.streetAddress},{' '}
          {POSTAL_ADDRESS.addressLocality} {POSTAL_ADDRESS.postalCode}, {POSTAL_ADDRESS.countryName} (“Vitrine”, “we”,
          “us”). You can reach us at <Mail to={SUPPORT_EMAIL} />.
        </p>
      ),
    },
    {
      id: 'our-service',
      title: '2. What Vitrine does',
      body: (
        <>
          <p>
            Vitrine is a discovery service. We show products that retailers offer, so you can find and compare them, and
            we link to the retailer’s website so you can buy them there. We are not a party to any sale: your contract is
            with the retailer, and its terms, delivery and returns policies apply.
          </p>
          <p>
            Some retailers pay us a commission when a visit from Vitrine leads to a sale. This does not change the price
            you pay.
          </p>
        </>
      ),
    },
    {
      id: 'product-information',
      title: '3. Prices and product information',
      body: (
        <p>
          Product details, pictures, prices and stock come from the retailers and are shown in your country site’s
          currency. We update them regularly and take care to show them correctly, but retailers can change them at any
          time, so the information on the retailer’s website at the moment you buy is what applies. Delivery badges and
          discounts are the retailer’s offers, not ours.
        </p>
      ),
    },
    {
      id: 'accounts',
      title: '4. Your account',
      body: (
        <ul>
          <li>You must be at least 16 to open an account.</li>
          <li>Give a real e-mail address and keep your password to yourself; you are responsible for what is done with your account.</li>
          <li>Tell us straight away at <Mail to={SUPPORT_EMAIL} /> if you think someone else has used it.</li>
          <li>You can stop using Vitrine and ask us to delete your account at any time.</li>
        </ul>
      ),
    },
    {
      id: 'your-content',
      title: '5. What you share',
      body: (
        <>
          <p>
            Public wishlists, looks, your profile name and picture and your product ratings can be seen by others. You
            keep the rights to what you create; you give us permission to show it on Vitrine and in our own promotion of
            Vitrine for as long as it is public.
          </p>
          <p>
            Do not share anything that is unlawful, hateful, misleading, or that belongs to someone else. We may remove
            content that breaks these terms.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: '6. Using Vitrine fairly',
      body: (
        <p>
          Please do not copy our catalogue in bulk, scrape or overload the site, try to get into accounts or systems that
          are not yours, or use Vitrine to send spam. We may suspend accounts that do, and report unlawful use.
        </p>
      ),
    },
    {
      id: 'intellectual-property',
      title: '7. Our content',
      body: (
        <p>
          The Vitrine name, logo, design, editorial text and the way we organise products belong to us or to those who
          license them to us. Product images and brand names belong to the retailers and brands.
        </p>
      ),
    },
    {
      id: 'other-sites',
      title: '8. Links to other websites',
      body: (
        <p>
          Retailer websites, our blog and social networks are run by others under their own terms and privacy policies.
          We are not responsible for them, but if a retailer treats you badly, tell us.
        </p>
      ),
    },
    {
      id: 'liability',
      title: '9. Our responsibility to you',
      body: (
        <>
          <p>
            We provide Vitrine with reasonable care and skill. We are not responsible for products you buy from
            retailers, for their delivery or returns, or for losses we could not reasonably have foreseen. Nothing in
            these terms limits liability that cannot be limited by law, including for death or personal injury caused by
            negligence, or for fraud.
          </p>
          <p>If you live in a country whose consumer laws give you more protection, those rights are not affected.</p>
        </>
      ),
    },
    {
      id: 'changes',
      title: '10. Changes to these terms',
      body: (
        <p>
          We may update these terms when Vitrine changes or the law does. We show the date of the latest version at the
          top of this page, and tell account holders by e-mail about changes that matter before they take effect.
        </p>
      ),
    },
    {
      id: 'law',
      title: '11. Law and disputes',
      body: (
        <p>
          These terms are governed by the law of England and Wales. If you are a consumer living elsewhere, you may also
          bring a claim in the courts of the country where you live. Please contact us first: most problems are solved
          by a message.
        </p>
      ),
    },
  ],
};

const PRIVACY: HelpPage = {
  navLabel: 'Privacy Policy',
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

const DATA_PROTECTION: HelpPage = {
  navLabel: 'Data Protection Notice',
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

export const HELP_PAGES: Readonly<Record<HelpSlug, HelpPage>> = {
  'about-us': ABOUT_US,
  'contact-us': CONTACT_US,
  faqs: FAQS,
  'terms-and-conditions': TERMS,
  'privacy-policy': PRIVACY,
  'general-data-protection-notice': DATA_PROTECTION,
};
