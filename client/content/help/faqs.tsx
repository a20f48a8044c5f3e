import { SESSION_DAYS } from '../../../shared/constants';
import { COUNTRIES, COUNTRY_CODES } from '../../../shared/countries';
import { ShellLink } from '../../components/ui/ShellLink';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '../contact';
import { Mail, Question, type HelpPage } from './help-common';

export const FAQS: HelpPage = {
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
          <Question q="Can you tell me when a sold-out size is back?">
            <p>
              Yes. On a product page, a size that is sold out on your country&apos;s site offers{' '}
              <strong>Tell me when it is back</strong>. We e-mail you once, when a retailer&apos;s feed says that size is
              in stock there again.
            </p>
          </Question>
          <Question q="How often will alerts e-mail me?">
            <p>
              At most once a day. Alerts that fire in between wait and come together in the next e-mail; the bell in the
              header shows each one at once. An alert that has told you about a price tells you again only when the price
              falls a good deal further (5% or more by default).
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
